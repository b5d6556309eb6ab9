import {
  BLANK_SERVICE_CONFIGURATION,
  CREDENTIAL_MASK,
  configurationJsonSchema,
  saveServiceConfigurationSchema,
  type SaveServiceConfiguration,
  type ServiceConfiguration,
} from '@loupe/contracts';
import { Alert, App, Card, Form, Input, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { JsonField } from '../../../components/json-field';
import { errorMessage } from '../../../lib/error-message';
import { zodRule } from '../../../lib/form-rules';
import { useDeleteServiceConfiguration } from '../api/delete-service-configuration';
import { useServiceConfiguration } from '../api/get-service-configuration';
import { useSaveServiceConfiguration } from '../api/save-service-configuration';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import { fieldOfError, hasMaskedValues } from './configuration-form-helpers';
import { FormButtons, FormPageHeader, RecordLoader, recordId } from './configuration-form-parts';
import styles from './configurations.module.css';
import { DeleteConfigurationButton } from './delete-configuration-button';

const LIST_PATH = '/service-configurations';
const shape = saveServiceConfigurationSchema.shape;

/** `/service-configurations/create` and `/service-configurations/:id`. */
export function ServiceConfigurationPage() {
  const { id } = useParams();
  const { t } = useTranslation('configurations');
  const numericId = id === undefined ? undefined : recordId(id);
  const query = useServiceConfiguration(numericId ?? undefined);
  if (numericId === undefined) return <ServiceConfigurationForm />;
  return (
    <RecordLoader id={numericId} query={query} title={t('service.title')} listPath={LIST_PATH}>
      {(record) => <ServiceConfigurationForm key={record.Id} record={record} />}
    </RecordLoader>
  );
}

/** A service section's form: section, service types, config type ('*' for all), JSON and the credential flag. */
function ServiceConfigurationForm({ record }: { record?: ServiceConfiguration }) {
  const { t } = useTranslation('configurations');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canManage = useCanManageConfig();
  const [form] = Form.useForm<SaveServiceConfiguration>();
  const save = useSaveServiceConfiguration();
  const remove = useDeleteServiceConfiguration();
  const jsonConfig = Form.useWatch('JsonConfig', form) ?? record?.JsonConfig;

  const rules: Partial<Record<keyof SaveServiceConfiguration, FormRule[]>> = {
    Section: [zodRule(shape.Section, t)],
    ServiceType: [zodRule(shape.ServiceType, t)],
    SubServiceType: [zodRule(shape.SubServiceType, t)],
    ConfigType: [zodRule(shape.ConfigType, t)],
    JsonConfig: [zodRule(configurationJsonSchema, t)],
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
      {
        onSuccess: () => {
          void message.success(t(record ? 'messages.saved' : 'messages.created'));
          void navigate(LIST_PATH);
        },
        onError: (error) => {
          const field = fieldOfError(error);
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );

  const deleteRecord = () =>
    record &&
    remove.mutate(record.Id, {
      onSuccess: () => {
        void message.success(t('messages.deleted'));
        void navigate(LIST_PATH);
      },
    });

  const unplaced = save.isError && fieldOfError(save.error) === undefined;
  const masked = record?.IsCredential === true && hasMaskedValues(jsonConfig, CREDENTIAL_MASK);

  return (
    <div className={styles.page}>
      <FormPageHeader
        title={record ? t('service.editTitle', { section: record.Section }) : t('service.createTitle')}
        listPath={LIST_PATH}
      />
      <Card>
        <Form<SaveServiceConfiguration>
          form={form}
          layout="vertical"
          initialValues={record ?? BLANK_SERVICE_CONFIGURATION}
          onFinish={submit}
          onValuesChange={() => save.reset()}
          disabled={!canManage || save.isPending}
        >
          {!canManage && <Alert className={styles.alert} type="info" showIcon title={t('readOnly')} />}
          {unplaced && (
            <Alert
              className={styles.alert}
              type="error"
              role="alert"
              showIcon
              title={errorMessage(save.error, tCommon)}
            />
          )}
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
          <Form.Item name="JsonConfig" label={t('fields.jsonConfig')} rules={rules.JsonConfig} required>
            <JsonField rows={12} />
          </Form.Item>
          {masked && (
            <Alert
              className={styles.alert}
              type="warning"
              showIcon
              title={t('masked.title')}
              description={t('masked.hint', { mask: CREDENTIAL_MASK })}
            />
          )}
          <Form.Item
            name="IsCredential"
            label={t('fields.isCredential')}
            valuePropName="checked"
            extra={t('help.isCredential')}
          >
            <Switch />
          </Form.Item>
          <FormButtons
            canManage={canManage}
            saving={save.isPending}
            listPath={LIST_PATH}
            extra={
              record && (
                <DeleteConfigurationButton
                  section={record.Section}
                  onConfirm={deleteRecord}
                  loading={remove.isPending}
                />
              )
            }
          />
        </Form>
      </Card>
    </div>
  );
}
