import {
  BLANK_SYSTEM_CONFIGURATION,
  CREDENTIAL_MASK,
  configurationJsonSchema,
  saveSystemConfigurationSchema,
  type SaveSystemConfiguration,
  type SystemConfiguration,
} from '@loupe/contracts';
import { Alert, App, Card, Form, Input, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { JsonField } from '../../../components/json-field';
import { errorMessage } from '../../../lib/error-message';
import { zodRule } from '../../../lib/form-rules';
import { useDeleteSystemConfiguration } from '../api/delete-system-configuration';
import { useSystemConfiguration } from '../api/get-system-configuration';
import { useSaveSystemConfiguration } from '../api/save-system-configuration';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import { fieldOfError, hasMaskedValues } from './configuration-form-helpers';
import { FormButtons, FormPageHeader, RecordLoader, recordId } from './configuration-form-parts';
import styles from './configurations.module.css';
import { DeleteConfigurationButton } from './delete-configuration-button';

const LIST_PATH = '/system-configurations';

/** `/system-configurations/create` and `/system-configurations/:id`. */
export function SystemConfigurationPage() {
  const { id } = useParams();
  const { t } = useTranslation('configurations');
  const numericId = id === undefined ? undefined : recordId(id);
  const query = useSystemConfiguration(numericId ?? undefined);
  if (numericId === undefined) return <SystemConfigurationForm />;
  return (
    <RecordLoader id={numericId} query={query} title={t('system.title')} listPath={LIST_PATH}>
      {(record) => <SystemConfigurationForm key={record.Id} record={record} />}
    </RecordLoader>
  );
}

/** A section's form: name, JSON (masked secrets kept unless retyped), credential and client-sync flags. */
function SystemConfigurationForm({ record }: { record?: SystemConfiguration }) {
  const { t } = useTranslation('configurations');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canManage = useCanManageConfig();
  const [form] = Form.useForm<SaveSystemConfiguration>();
  const save = useSaveSystemConfiguration();
  const remove = useDeleteSystemConfiguration();
  const isCredential = Form.useWatch('IsCredential', form) ?? record?.IsCredential ?? false;
  const jsonConfig = Form.useWatch('JsonConfig', form) ?? record?.JsonConfig;

  const rules: Partial<Record<keyof SaveSystemConfiguration, FormRule[]>> = {
    Section: [zodRule(saveSystemConfigurationSchema.shape.Section, t)],
    JsonConfig: [zodRule(configurationJsonSchema, t)],
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
        title={record ? t('system.editTitle', { section: record.Section }) : t('system.createTitle')}
        listPath={LIST_PATH}
      />
      <Card>
        <Form<SaveSystemConfiguration>
          form={form}
          layout="vertical"
          initialValues={record ?? BLANK_SYSTEM_CONFIGURATION}
          onFinish={submit}
          onValuesChange={(changed: Partial<SaveSystemConfiguration>) => {
            save.reset();
            // A credential section is never sent to browsers.
            if (changed.IsCredential) form.setFieldValue('SyncWithClient', false);
          }}
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
          <Form.Item name="Section" label={t('fields.section')} rules={rules.Section} required>
            <Input autoComplete="off" />
          </Form.Item>
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
