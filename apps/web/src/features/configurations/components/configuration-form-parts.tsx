import {
  CREDENTIAL_MASK,
  configurationJsonSchema,
  configurationSectionIssues,
  isConfigurationJson,
} from '@loupe/contracts';
import { Form, type FormInstance, type FormProps, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RecordForm, type SaveState, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, type RouteRecord } from '@/components/admin-page/record-status';
import { JsonField } from '@/components/json-field';
import { zodRule } from '@/lib/form-rules';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import { fieldOfError, hasMaskedValues } from './configuration-form-helpers';

/** A configuration's record page: until an edited record is there, the heading over a spinner, not found or a failure. */
export function ConfigurationLoader<T>({
  query,
  title,
  listPath,
  children,
}: {
  /** The route's record (`useRouteRecord`). */
  query: RouteRecord<T>;
  title: string;
  listPath: string;
  /** The form: empty on the create route. */
  children: (record: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation('configurations');
  return (
    <RecordLoader
      query={query}
      title={title}
      back={{ to: listPath, label: t('actions.back') }}
      size="large"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {children}
    </RecordLoader>
  );
}

/** The fields every configuration form has, where the refusals 17002 and 17001 go. */
type ConfigurationValues = { Section: string; JsonConfig: string };

/** The save callbacks of a configuration form: "saved" or "created", then back to the list. */
export function useConfigurationSaveHandlers<V extends ConfigurationValues>(
  form: FormInstance<V>,
  creating: boolean,
  listPath: string,
) {
  const { t } = useTranslation('configurations');
  return useSaveHandlers({
    form,
    fieldOf: fieldOfError,
    listPath,
    savedMessage: () => t(creating ? 'messages.created' : 'messages.saved'),
  });
}

/**
 * A configuration section's page and form; config:read alone sees it read-only, without Save, Cancel and
 * delete. The section and JSON refusals (17002, 17001) show under their fields.
 */
export function ConfigurationForm<V extends ConfigurationValues>({
  title,
  listPath,
  form,
  initialValues,
  onFinish,
  save,
  deleteButton,
  onValuesChange,
  children,
}: {
  title: string;
  listPath: string;
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (values: V) => void;
  save: SaveState;
  /** The saved section's delete button. */
  deleteButton?: ReactNode;
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
}) {
  const { t } = useTranslation('configurations');
  const canManage = useCanManageConfig();
  return (
    <AdminPage title={title} back={{ to: listPath, label: t('actions.back') }} size="large">
      <RecordForm<V>
        form={form}
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        save={save}
        fieldOf={fieldOfError}
        readOnly={!canManage}
        listPath={listPath}
        footerExtra={deleteButton}
        notes={!canManage && <FormNote type="info" title={t('readOnly')} />}
      >
        {children}
      </RecordForm>
    </AdminPage>
  );
}

/**
 * The shape of a section the console reads (LanguagePreference, TokenStorage, …), as the server checks it on save
 * (17001); its text in Turkish or English, the languages the rules are worded in.
 */
function sectionShapeRule(language: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const text = value ?? '';
      // Broken JSON is the JSON rule's to word.
      if (!isConfigurationJson(text)) return;
      const section = String(getFieldValue('Section') ?? '').trim();
      const issue = configurationSectionIssues(section, text)[0];
      if (issue) throw new Error(language === 'tr' ? issue.message.tr : issue.message.en);
    },
  });
}

/**
 * The section's JSON, with a warning when it holds masked secrets (a credential's, kept unless retyped);
 * `checkSection`: a system configuration, whose sections the console reads are checked against their shape.
 */
export function JsonConfigItem({
  record,
  checkSection = false,
}: {
  record?: { IsCredential: boolean; JsonConfig: string };
  checkSection?: boolean;
}) {
  const { t, i18n } = useTranslation('configurations');
  const jsonConfig = Form.useWatch<string | undefined>('JsonConfig') ?? record?.JsonConfig;
  const masked = record?.IsCredential === true && hasMaskedValues(jsonConfig, CREDENTIAL_MASK);
  return (
    <>
      <Form.Item
        name="JsonConfig"
        label={t('fields.jsonConfig')}
        rules={[
          zodRule(configurationJsonSchema, t),
          ...(checkSection ? [sectionShapeRule(i18n.language)] : []),
        ]}
        dependencies={checkSection ? ['Section'] : undefined}
        required
      >
        <JsonField rows={12} />
      </Form.Item>
      {masked && (
        <FormNote
          type="warning"
          title={t('masked.title')}
          description={t('masked.hint', { mask: CREDENTIAL_MASK })}
        />
      )}
    </>
  );
}
