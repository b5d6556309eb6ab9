import { ArrowLeftOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT_TIME_ZONE, ErrorCode, saveTenantSchema, type Tenant } from '@loupe/contracts';
import { Alert, App, Button, Card, Descriptions, Form, Input, Result, Select, Spin, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { JsonField } from '../../../components/json-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { jsonFieldRule, zodRule } from '../../../lib/form-rules';
import { useTenant } from '../api/get-tenant';
import { useSaveTenant } from '../api/save-tenant';
import { useIsTenantless } from '../hooks/use-is-tenantless';
import { DeleteTenantButton } from './delete-tenant-button';
import { formatDate } from './tenant-dates';
import styles from './tenants.module.css';

const LIST_PATH = '/tenants';

type Values = { Name: string; TimeZone: string; ConfigText: string };

/** Which field a refusal of the server belongs to; other failures show above the form. */
const FIELD_OF_CODE: Partial<Record<number, keyof Values>> = {
  [ErrorCode.TenantNameExists]: 'Name',
};

/** The id in `/tenants/:id`, or null when it cannot be one. */
function tenantId(param: string): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** True when the text is a JSON object (`{…}`), the only config a tenant takes. */
function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    // The json rule reports text that does not parse.
    return true;
  }
}

/** `/tenants/create` and `/tenants/:id`. */
export function TenantPage() {
  const { id } = useParams();
  const { t } = useTranslation('tenants');
  const { t: tCommon } = useTranslation();
  const numericId = id === undefined ? undefined : tenantId(id);
  const tenantless = useIsTenantless();
  const query = useTenant(numericId ?? undefined);
  if (numericId === undefined) {
    if (tenantless) return <TenantForm />;
    return (
      <div className={styles.page}>
        <PageHeader title={t('createTitle')} />
        <Result status="403" title={t('createNotAllowed')} />
      </div>
    );
  }
  if (numericId !== null && query.data) return <TenantForm key={query.data.Id} tenant={query.data} />;

  let body: ReactNode;
  if (numericId === null || (query.error instanceof ApiError && query.error.status === 404))
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
  else body = <Spin description={tCommon('common.loading')} />;
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      {body}
    </div>
  );
}

function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation('tenants');
  return (
    <header className={styles.header}>
      <Typography.Title level={1} className={styles.title}>
        {title}
      </Typography.Title>
      <Link to={LIST_PATH}>
        <ArrowLeftOutlined /> {t('actions.back')}
      </Link>
    </header>
  );
}

/** The tenant's name, report time zone and JSON configuration. */
function TenantForm({ tenant }: { tenant?: Tenant }) {
  const { t } = useTranslation('tenants');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tenantless = useIsTenantless();
  const [form] = Form.useForm<Values>();
  const save = useSaveTenant();

  const timeZones = useMemo(() => {
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    zones.add(tenant?.TimeZone ?? DEFAULT_TENANT_TIME_ZONE);
    return [...zones].sort().map((zone) => ({ value: zone, label: zone }));
  }, [tenant?.TimeZone]);

  const initialValues: Values = {
    Name: tenant?.Name ?? '',
    TimeZone: tenant?.TimeZone ?? DEFAULT_TENANT_TIME_ZONE,
    ConfigText: JSON.stringify(tenant?.Config ?? {}, null, 2),
  };

  const submit = (values: Values) =>
    save.mutate(
      {
        id: tenant?.Id,
        body: {
          Name: values.Name,
          TimeZone: values.TimeZone,
          Config: JSON.parse(values.ConfigText) as Record<string, unknown>,
        },
      },
      {
        onSuccess: (saved) => {
          void message.success(t(tenant ? 'messages.saved' : 'messages.created', { name: saved.Name }));
          void navigate(LIST_PATH);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );

  const unplaced = save.isError && !(save.error instanceof ApiError && FIELD_OF_CODE[save.error.code]);

  return (
    <div className={styles.page}>
      <PageHeader title={tenant ? t('editTitle', { name: tenant.Name }) : t('createTitle')} />
      <Card>
        {tenant ? (
          <Descriptions className={styles.facts} size="small" column={{ xs: 1, sm: 3 }}>
            <Descriptions.Item label={t('fields.userCount')}>{tenant.UserCount}</Descriptions.Item>
            <Descriptions.Item label={t('fields.licenseValidUntil')}>
              {tenant.LicenseValidUntil ? formatDate(tenant.LicenseValidUntil) : t('noLicense')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.createdDate')}>
              {formatDate(tenant.CreatedDate)}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert className={styles.alert} type="info" showIcon title={t('help.newLicense')} />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={() => save.reset()}
          disabled={save.isPending}
        >
          {unplaced && (
            <Alert
              className={styles.alert}
              type="error"
              role="alert"
              showIcon
              title={errorMessage(save.error, tCommon)}
            />
          )}
          <Form.Item
            name="Name"
            label={t('fields.name')}
            rules={[
              { required: true, message: tCommon('form.required') },
              zodRule(saveTenantSchema.shape.Name, t),
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item name="TimeZone" label={t('fields.timeZone')} extra={t('help.timeZone')} required>
            <Select showSearch options={timeZones} optionFilterProp="label" />
          </Form.Item>
          <Form.Item
            name="ConfigText"
            label={t('fields.config')}
            extra={t('help.config')}
            required
            rules={[
              jsonFieldRule(t),
              {
                validator: (_rule, value: string | undefined) =>
                  !value || isJsonObject(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('form.configObject'))),
              },
            ]}
          >
            <JsonField rows={12} />
          </Form.Item>
          <div className={styles.buttons}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
            <Button onClick={() => void navigate(LIST_PATH)}>{t('actions.cancel')}</Button>
            <span className={styles.spacer} />
            {tenant && tenantless && (
              <DeleteTenantButton tenant={tenant} onDeleted={() => void navigate(LIST_PATH)} />
            )}
          </div>
        </Form>
      </Card>
    </div>
  );
}
