import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatJsonText } from '@loupe/contracts';
import { Alert, Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAuditLog } from '../api/get-audit-log';
import { DATE_TIME_FORMAT } from '../audit-log-range';
import styles from './audit-logs.module.css';
import { OperationTypeName } from './operation-type-name';

function recordId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `/audit-logs/:id`: one audit record with all of its data (JSON laid out when it is JSON). */
export function AuditLogPage() {
  const { t } = useTranslation('auditLogs');
  const { t: tCommon } = useTranslation();
  const id = recordId(useParams().id);
  const state: unknown = useLocation().state;
  const listSearch =
    typeof state === 'object' &&
    state !== null &&
    'listSearch' in state &&
    typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  const query = useAuditLog(id);

  let body: ReactNode;
  if (id === null || (query.error instanceof ApiError && query.error.status === 404))
    body = <Result status="404" title={t('notFound')} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={t('loadFailed')}
        description={errorMessage(query.error, tCommon)}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  else if (query.data) {
    const record = query.data;
    const data = record.OperationData;
    body = (
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label={t('fields.createdDate')}>
            {dayjs(record.CreatedDate).format(DATE_TIME_FORMAT)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.id')}>{record.Id}</Descriptions.Item>
          <Descriptions.Item label={t('fields.userName')}>{record.UserName ?? t('none')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.tenantName')}>
            {record.TenantName ?? t('noTenant')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.operationType')}>
            <OperationTypeName type={record.OperationType} /> ({record.OperationType})
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.ipAddress')}>{record.IpAddress ?? t('none')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.operationScope')} span={2}>
            <span className={styles.code}>{record.OperationScope}</span>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={2} className={styles.dataTitle}>
          {t('fields.operationData')}
        </Typography.Title>
        {data === '' ? (
          <Typography.Text type="secondary">{t('noData')}</Typography.Text>
        ) : (
          <Typography.Paragraph copyable={{ text: data }}>
            <pre className={styles.data} dir="ltr">
              {formatJsonText(data) ?? data}
            </pre>
          </Typography.Paragraph>
        )}
      </Card>
    );
  } else body = <Spin description={tCommon('common.loading')} />;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('detailTitle')}
        </Typography.Title>
        <Link to={`/audit-logs${listSearch}`}>
          <ArrowLeftOutlined /> {t('back')}
        </Link>
      </header>
      {body}
    </div>
  );
}
