import {
  BLANK_SERVICE_CONFIGURATION,
  saveServiceConfigurationSchema,
  type SaveServiceConfiguration,
  type ServiceConfiguration,
} from '@loupe/contracts';
import { Form, Input, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { zodRule } from '@/lib/form-rules';
import { useServiceConfiguration } from '../api/get-service-configuration';
import { useSaveServiceConfiguration } from '../api/save-service-configuration';
import {
  ConfigurationForm,
  ConfigurationLoader,
  JsonConfigItem,
  useConfigurationSaveHandlers,
} from './configuration-form-parts';
import styles from './configurations.module.css';
import { DeleteServiceConfigurationButton } from './delete-configuration-button';

const LIST_PATH = '/service-configurations';
const shape = saveServiceConfigurationSchema.shape;

/** `/service-configurations/create` and `/service-configurations/:id`. */
export function ServiceConfigurationPage() {
  const { t } = useTranslation('configurations');
  const query = useRouteRecord(useServiceConfiguration);
  return (
    <ConfigurationLoader query={query} title={t('service.title')} listPath={LIST_PATH}>
      {(record) => <ServiceConfigurationForm key={record?.Id} record={record} />}
    </ConfigurationLoader>
  );
}

/** A service section's form: section, service types, config type ('*' for all), JSON and the credential flag. */
function ServiceConfigurationForm({ record }: { record?: ServiceConfiguration }) {
  const { t } = useTranslation('configurations');
  const navigate = useNavigate();
  const [form] = Form.useForm<SaveServiceConfiguration>();
  const save = useSaveServiceConfiguration();
  const handlers = useConfigurationSaveHandlers(form, record === undefined, LIST_PATH);

  const rules: Partial<Record<keyof SaveServiceConfiguration, FormRule[]>> = {
    Section: [zodRule(shape.Section, t)],
    ServiceType: [zodRule(shape.ServiceType, t)],
    SubServiceType: [zodRule(shape.SubServiceType, t)],
    ConfigType: [zodRule(shape.ConfigType, t)],
  };

  const submit = (values: SaveServiceConfiguration) =>
    save.mutate(
      {
        id: record?.Id,
        body: {
          Section: values.Section,
          JsonConfig: values.JsonConfig,
          IsCredential: values.IsCredential,
          ServiceType: values.ServiceType,
          SubServiceType: values.SubServiceType,
          ConfigType: values.ConfigType,
        },
      },
      handlers,
    );

  return (
    <ConfigurationForm<SaveServiceConfiguration>
      title={record ? t('service.editTitle', { section: record.Section }) : t('service.createTitle')}
      listPath={LIST_PATH}
      form={form}
      initialValues={record ?? BLANK_SERVICE_CONFIGURATION}
      onFinish={submit}
      save={save}
      deleteButton={
        record && (
          <DeleteServiceConfigurationButton record={record} onDeleted={() => void navigate(LIST_PATH)} />
        )
      }
    >
      <div className={styles.numbers}>
        <Form.Item name="Section" label={t('fields.section')} rules={rules.Section} required>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="ConfigType"
          label={t('fields.configType')}
          rules={rules.ConfigType}
          required
          extra={t('help.configType')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="ServiceType" label={t('fields.serviceType')} rules={rules.ServiceType}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="SubServiceType" label={t('fields.subServiceType')} rules={rules.SubServiceType}>
          <Input autoComplete="off" />
        </Form.Item>
      </div>
      <JsonConfigItem record={record} />
      <Form.Item
        name="IsCredential"
        label={t('fields.isCredential')}
        valuePropName="checked"
        extra={t('help.isCredential')}
      >
        <Switch />
      </Form.Item>
    </ConfigurationForm>
  );
}
