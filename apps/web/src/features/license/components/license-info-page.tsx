import type { LicenseDetails } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Progress,
  Select,
  Spin,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { useLicenseInfo } from '../api/get-license-info';
import { useTenantOptions } from '@/api/tenant-options';
import { expiryLevel, usage, type ExpiryLevel } from '../license-status';
import styles from './license-info-page.module.css';

const DATE_FORMAT = 'DD/MM/YYYY';

/** The usage card's bars: the field's label, what the licence counts and allows of it (0 unlimited). */
const USAGE_BARS: readonly {
  field: 'sessions' | 'externalSessions' | 'users' | 'powerUsers';
  count: 'SessionCount' | 'ExternalSurveySessionCount' | 'UserCount' | 'PowerUserCount';
  limit: 'SessionLimitPerYear' | 'ExternalSurveySessionLimitPerYear' | 'UserLimit' | 'PowerUserLimit';
  kind: 'sessions' | 'users';
}[] = [
  { field: 'sessions', count: 'SessionCount', limit: 'SessionLimitPerYear', kind: 'sessions' },
  {
    field: 'externalSessions',
    count: 'ExternalSurveySessionCount',
    limit: 'ExternalSurveySessionLimitPerYear',
    kind: 'sessions',
  },
  { field: 'users', count: 'UserCount', limit: 'UserLimit', kind: 'users' },
  { field: 'powerUsers', count: 'PowerUserCount', limit: 'PowerUserLimit', kind: 'users' },
];

/**
 * `/license-info` (license): the licence of the user's tenant — validity, limits and what is used. A user
 * without a tenant (installation level) picks the tenant first.
 */
export function LicenseInfoPage() {
  const { t } = useTranslation('license');
  const { t: tCommon } = useTranslation();
  const selectId = useId();
  const tenantless = useBootstrap().data?.User.TenantId === null;
  const options = useTenantOptions(tenantless);
  const [chosen, setChosen] = useState<number>();
  const tenantId = tenantless ? (chosen ?? options.data?.[0]?.Id) : undefined;
  const info = useLicenseInfo({ tenantId, enabled: !tenantless || tenantId !== undefined });

  let body;
  if (tenantless && options.isSuccess && options.data.length === 0)
    body = <Empty description={t('noTenants')} />;
  else if (info.isError || (tenantless && options.isError))
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={t('loadFailed')}
        description={errorMessage(info.error ?? options.error, tCommon)}
        action={
          <Button onClick={() => void (info.isError ? info.refetch() : options.refetch())}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (info.data) body = <LicenseDetailsView license={info.data} />;
  else body = <Spin description={tCommon('common.loading')} />;

  return (
    <AdminPage
      title={t('title')}
      size="large"
      headerExtra={
        tenantless && (
          <div className={styles.tenant}>
            <label htmlFor={selectId}>{t('tenant')}</label>
            <Select
              id={selectId}
              className={styles.tenantSelect}
              showSearch
              optionFilterProp="label"
              loading={options.isPending}
              value={tenantId}
              onChange={setChosen}
              options={options.data?.map((option) => ({ value: option.Id, label: option.Name }))}
            />
          </div>
        )
      }
    >
      {body}
    </AdminPage>
  );
}

const ALERT_TYPE: Record<Exclude<ExpiryLevel, 'ok'>, 'warning' | 'error'> = {
  warning: 'warning',
  failure: 'error',
  expired: 'error',
};

function LicenseDetailsView({ license }: { license: LicenseDetails }) {
  const { t } = useTranslation('license');
  const level = expiryLevel(license);
  const date = (value: string | null) => (value ? dayjs(value).format(DATE_FORMAT) : t('none'));
  const moduleTag = (active: boolean) =>
    active ? <Tag color="success">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>;

  return (
    <>
      {level !== 'ok' && (
        <Alert
          type={ALERT_TYPE[level]}
          showIcon
          role="status"
          title={
            level === 'expired' ? t('expiry.expired') : t('expiry.expiresIn', { count: license.ExpireIn })
          }
        />
      )}
      <Card title={t('sections.licence', { tenant: license.TenantName })}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('fields.packageName')}>
            {license.PackageName ?? t('none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.validFrom')}>{date(license.ValidFrom)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.validUntil')}>{date(license.ValidUntil)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            {license.IsValid ? (
              <Tag color="success">{t('valid')}</Tag>
            ) : (
              <Tag color="error">{t('invalid')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.expireIn')}>
            <Typography.Text type={level === 'ok' ? undefined : level === 'warning' ? 'warning' : 'danger'}>
              {t('days', { count: license.ExpireIn })}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.dataRetention')}>
            {license.DataRetentionTimeInMonths > 0
              ? t('months', { count: license.DataRetentionTimeInMonths })
              : t('unlimited')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.aiModule')}>
            {moduleTag(license.IsAIModuleActive)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.dataCollector')}>
            {moduleTag(license.IsDataCollectorActive)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.reportCount')}>
            {license.ReportCount.toLocaleString()}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('sections.usage')}>
        <div className={styles.usage}>
          {USAGE_BARS.map(({ field, count, limit, kind }) => (
            <UsageBar
              key={field}
              label={t(`fields.${field}`)}
              count={license[count]}
              limit={license[limit]}
              kind={kind}
            />
          ))}
        </div>
        <Typography.Paragraph type="secondary" className={styles.note}>
          {t('sessionsNote')}
        </Typography.Paragraph>
      </Card>
    </>
  );
}

function UsageBar({
  label,
  count,
  limit,
  kind,
}: {
  label: string;
  count: number;
  /** 0 is unlimited. */
  limit: number;
  kind: 'sessions' | 'users';
}) {
  const { t } = useTranslation('license');
  const { token } = theme.useToken();
  const labelId = useId();
  const used = usage({ count, limit, kind });
  return (
    <div className={styles.usageItem}>
      <div className={styles.usageHeading}>
        <Typography.Text strong id={labelId}>
          {label}
        </Typography.Text>
        <Typography.Text
          type={used.level === 'reached' ? 'danger' : used.level === 'warning' ? 'warning' : undefined}
        >
          {limit > 0
            ? t('usedOf', { used: count.toLocaleString(), limit: limit.toLocaleString() })
            : t('usedNoLimit', { used: count.toLocaleString() })}
        </Typography.Text>
      </div>
      {used.limited && (
        <Progress
          aria-labelledby={labelId}
          percent={used.percent}
          status={used.level === 'reached' ? 'exception' : 'normal'}
          strokeColor={used.level === 'warning' ? token.colorWarning : undefined}
        />
      )}
    </div>
  );
}
