import {
  BLANK_SYSTEM_CONFIGURATION,
  saveSystemConfigurationSchema,
  type SaveSystemConfiguration,
  type SystemConfiguration,
} from '@loupe/contracts';
import { Form, Input, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { zodRule } from '@/lib/form-rules';
import { useSaveSystemConfiguration } from '../api/save-system-configuration';
import { useSystemConfiguration } from '../api/get-system-configuration';
import {
  ConfigurationForm,
  ConfigurationLoader,
  JsonConfigItem,
  useConfigurationSaveHandlers,
} from './configuration-form-parts';
import styles from './configurations.module.css';
import { DeleteSystemConfigurationButton } from './delete-configuration-button';

const LIST_PATH = '/system-configurations';

/** `/system-configurations/create` and `/system-configurations/:id`. */
export function SystemConfigurationPage() {
  const { t } = useTranslation('configurations');
  const query = useRouteRecord(useSystemConfiguration);
  return (
    <ConfigurationLoader query={query} title={t('system.title')} listPath={LIST_PATH}>
      {(record) => <SystemConfigurationForm key={record?.Id} record={record} />}
    </ConfigurationLoader>
  );
}

/** A section's form: name, JSON (masked secrets kept unless retyped), credential and client-sync flags. */
function SystemConfigurationForm({ record }: { record?: SystemConfiguration }) {
  const { t } = useTranslation('configurations');
  const navigate = useNavigate();
  const [form] = Form.useForm<SaveSystemConfiguration>();
  const save = useSaveSystemConfiguration();
  const handlers = useConfigurationSaveHandlers(form, record === undefined, LIST_PATH);
  const isCredential = Form.useWatch('IsCredential', form) ?? record?.IsCredential ?? false;

  const rules: Partial<Record<keyof SaveSystemConfiguration, FormRule[]>> = {
    Section: [zodRule(saveSystemConfigurationSchema.shape.Section, t)],
    SyncWithClient: [
      ({ getFieldValue }) => ({
        validator: (_rule, value: boolean | undefined) =>
          value && getFieldValue('IsCredential')
            ? Promise.reject(new Error(t('validation.credentialNotSynced')))
            : Promise.resolve(),
      }),
    ],
  };

  const submit = (values: SaveSystemConfiguration) =>
    save.mutate(
      {
        id: record?.Id,
        body: {
          Section: values.Section,
          JsonConfig: values.JsonConfig,
          SyncWithClient: values.SyncWithClient,
          IsCredential: values.IsCredential,
        },
      },
      handlers,
    );

  return (
    <ConfigurationForm<SaveSystemConfiguration>
      title={record ? t('system.editTitle', { section: record.Section }) : t('system.createTitle')}
      listPath={LIST_PATH}
      form={form}
      initialValues={record ?? BLANK_SYSTEM_CONFIGURATION}
      onFinish={submit}
      onValuesChange={(changed: Partial<SaveSystemConfiguration>) => {
        // A credential section is never sent to browsers.
        if (changed.IsCredential) form.setFieldValue('SyncWithClient', false);
      }}
      save={save}
      deleteButton={
        record && (
          <DeleteSystemConfigurationButton record={record} onDeleted={() => void navigate(LIST_PATH)} />
        )
      }
    >
      <Form.Item name="Section" label={t('fields.section')} rules={rules.Section} required>
        <Input autoComplete="off" />
      </Form.Item>
      <JsonConfigItem record={record} checkSection />
      <div className={styles.switches}>
        <Form.Item
          name="IsCredential"
          label={t('fields.isCredential')}
          valuePropName="checked"
          extra={t('help.isCredential')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="SyncWithClient"
          label={t('fields.syncWithClient')}
          valuePropName="checked"
          rules={rules.SyncWithClient}
          dependencies={['IsCredential']}
          extra={isCredential ? t('help.credentialSyncOff') : t('help.syncWithClient')}
        >
          <Switch disabled={isCredential} />
        </Form.Item>
      </div>
    </ConfigurationForm>
  );
}
