import {
  DEFAULT_TENANT_TIME_ZONE,
  ErrorCode,
  saveTenantSchema,
  tenantAdministratorSchema,
  type Tenant,
  type TenantAdministrator,
} from '@loupe/contracts';
import { Descriptions, Form, Input, Result, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { JsonField } from '@/components/json-field';
import { jsonFieldRule, zodRule } from '@/lib/form-rules';
import { useTenant } from '../api/get-tenant';
import { useSaveTenant } from '../api/save-tenant';
import { useIsTenantless } from '../hooks/use-is-tenantless';
import { DeleteTenantButton } from './delete-tenant-button';
import { formatDate } from './tenant-dates';
import styles from './tenants.module.css';

const LIST_PATH = '/tenants';

type Values = {
  Name: string;
  TimeZone: string;
  ConfigText: string;
  /** A new tenant's first user (the create only). */
  Administrator?: TenantAdministrator;
};

const administratorFields = tenantAdministratorSchema.shape;

/** Which field a refusal of the server belongs to; other failures show above the form. */
const fieldOf = fieldOfCode<Values>({ [ErrorCode.TenantNameExists]: 'Name' });

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
  const { t } = useTranslation('tenants');
  const tenantless = useIsTenantless();
  const query = useRouteRecord(useTenant);
  const back = { to: LIST_PATH, label: t('actions.back') };
  // Only a tenantless user creates tenants.
  if (query === undefined && !tenantless)
    return (
      <AdminPage title={t('createTitle')} back={back} size="large">
        <Result status="403" title={t('createNotAllowed')} />
      </AdminPage>
    );
  return (
    <RecordLoader
      query={query}
      title={t('title')}
      back={back}
      size="large"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(tenant) => <TenantForm key={tenant?.Id} tenant={tenant} />}
    </RecordLoader>
  );
}

/** The tenant's name, report time zone and JSON configuration. */
function TenantForm({ tenant }: { tenant?: Tenant }) {
  const { t } = useTranslation('tenants');
  const { t: tCommon } = useTranslation();
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

  const adminRules = (schema: Parameters<typeof zodRule>[0]) => [
    { required: true, message: tCommon('form.required') },
    zodRule(schema, t),
  ];

  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: Tenant) => t(tenant ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });

  const submit = (values: Values) =>
    save.mutate(
      {
        id: tenant?.Id,
        body: {
          Name: values.Name,
          TimeZone: values.TimeZone,
          Config: JSON.parse(values.ConfigText) as Record<string, unknown>,
          ...(tenant ? {} : { Administrator: values.Administrator }),
        },
      },
      handlers,
    );

  return (
    <AdminPage
      title={tenant ? t('editTitle', { name: tenant.Name }) : t('createTitle')}
      back={{ to: LIST_PATH, label: t('actions.back') }}
      size="large"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        listPath={LIST_PATH}
        footerExtra={
          tenant &&
          tenantless && <DeleteTenantButton record={tenant} onDeleted={() => void navigate(LIST_PATH)} />
        }
        notes={
          tenant ? (
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
            <FormNote type="info" title={t('help.newLicense')} />
          )
        }
      >
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
        {!tenant && (
          <fieldset className={styles.administrator}>
            <legend>{t('fields.administrator')}</legend>
            <FormNote type="info" title={t('help.administrator')} />
            <Form.Item
              name={['Administrator', 'UserName']}
              label={t('fields.adminUserName')}
              rules={adminRules(administratorFields.UserName)}
            >
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
            <Form.Item
              name={['Administrator', 'FullName']}
              label={t('fields.adminFullName')}
              rules={adminRules(administratorFields.FullName)}
            >
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
            <Form.Item
              name={['Administrator', 'Email']}
              label={t('fields.adminEmail')}
              rules={adminRules(administratorFields.Email)}
            >
              <Input type="email" autoComplete="off" maxLength={256} />
            </Form.Item>
            <Form.Item
              name={['Administrator', 'Password']}
              label={t('fields.adminPassword')}
              rules={adminRules(administratorFields.Password)}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </fieldset>
        )}
      </RecordForm>
    </AdminPage>
  );
}
