import {
  ErrorCode,
  INTEGRATION_BEHAVIOUR_TYPES,
  INTEGRATION_LIMITS,
  type IntegrationConfigurationField,
  type IntegrationSource,
  type IntegrationSourceKind,
  integrationSourceSaveSchema,
} from '@loupe/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode, fieldOfDetails } from '@/components/admin-page/refusal-field';
import { usePageTitle } from '@/lib/page-title';
import { useIntegrationSource } from '../api/get-integration-source';
import { useSaveIntegrationSource } from '../api/save-integration-source';
import {
  SOURCE_KINDS,
  initialSourceValues,
  sourceFields,
  sourceSaveBody,
  type SourceField,
  type SourceFormValues,
} from '../source-values';
import { DeleteSourceButton } from './delete-integration-buttons';
import { useCanManageIntegrations } from './integration-access';
import { useKindLabel } from './integration-labels';
import styles from './integrations.module.css';
import { SOURCES_PATH } from './sources-page';

/** Which field a refusal of the server belongs to (its Details path); others show above the form. */
const fieldOfCodes = fieldOfCode<SourceFormValues>({
  [ErrorCode.IntegrationSourceNameExists]: 'Name',
  [ErrorCode.IntegrationSourceKindInUse]: 'Kind',
});
const fieldOfPath = fieldOfDetails<SourceFormValues>(
  ['Name', 'Url', 'Secret', 'Channel', 'Email', 'BehaviourType'],
  [ErrorCode.ModelNotValid, ErrorCode.IntegrationSourceConfigurationMissing],
);
const fieldOf = (error: unknown) => fieldOfCodes(error) ?? fieldOfPath(error);

const FIELD_MAX: Record<IntegrationConfigurationField, number> = {
  Url: INTEGRATION_LIMITS.urlMax,
  Secret: INTEGRATION_LIMITS.secretMax,
  Channel: INTEGRATION_LIMITS.channelMax,
  Email: INTEGRATION_LIMITS.emailMax,
};

/** `/integration-sources/create` and `/integration-sources/:id`. */
export function SourcePage() {
  const { t } = useTranslation('integrations');
  const query = useRouteRecord(useIntegrationSource);
  usePageTitle(t('sources.title'));
  return (
    <RecordLoader
      query={query}
      title={t('sources.title')}
      back={{ to: SOURCES_PATH, label: t('back.sources') }}
      size="medium"
      notFound={t('sources.notFound')}
      loadFailed={t('sources.recordLoadFailed')}
    >
      {(record) => <SourceForm key={record?.Id} source={record} />}
    </RecordLoader>
  );
}

/**
 * The source's name, behaviour and configuration type, then the fields that type takes. Secrets are write-only:
 * the form never holds a stored one, and an empty secret field on an edit keeps it.
 */
function SourceForm({ source }: { source?: IntegrationSource }) {
  const { t } = useTranslation('integrations');
  const [form] = Form.useForm<SourceFormValues>();
  const save = useSaveIntegrationSource();
  const canManage = useCanManageIntegrations();
  const kindLabel = useKindLabel();
  const navigate = useNavigate();
  const kind = Form.useWatch('Kind', form) ?? source?.Kind ?? 'webhook';
  const handlers = useSaveHandlers<SourceFormValues, IntegrationSource>({
    form,
    fieldOf,
    listPath: SOURCES_PATH,
    savedMessage: (saved) =>
      t(source ? 'sources.messages.saved' : 'sources.messages.created', { name: saved.Name }),
  });

  const submit = (values: SourceFormValues) =>
    save.mutate({ id: source?.Id, body: sourceSaveBody(values) }, handlers);

  const inUse = source !== undefined && source.WorkflowCount > 0;
  const title = source ? t('sources.editTitle', { name: source.Name }) : t('sources.createTitle');

  return (
    <AdminPage title={title} back={{ to: SOURCES_PATH, label: t('back.sources') }} size="medium">
      <RecordForm<SourceFormValues>
        form={form}
        initialValues={initialSourceValues(source)}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={!canManage}
        listPath={SOURCES_PATH}
        backLabel={t('back.sources')}
        footerExtra={
          source && <DeleteSourceButton record={source} onDeleted={() => void navigate(SOURCES_PATH)} />
        }
        notes={!canManage && <FormNote type="info" title={t('sources.notes.readOnly')} />}
      >
        <NameItem label={t('sources.fields.name')} schema={integrationSourceSaveSchema.shape.Name} />
        <div className={styles.row}>
          <Form.Item
            name="BehaviourType"
            label={t('sources.fields.behaviourType')}
            extra={t('sources.help.behaviourType')}
          >
            <Select
              options={INTEGRATION_BEHAVIOUR_TYPES.map((value) => ({
                value,
                label: t(`behaviours.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="Kind"
            label={t('sources.fields.kind')}
            extra={inUse ? t('sources.notes.kindInUse') : t('sources.help.kind')}
          >
            <Select<IntegrationSourceKind>
              disabled={inUse}
              options={SOURCE_KINDS.map((value) => ({ value, label: kindLabel(value) }))}
            />
          </Form.Item>
        </div>
        {sourceFields(kind, source).map((field) => (
          <ConfigurationField key={`${kind}-${field.Field}`} kind={kind} field={field} source={source} />
        ))}
      </RecordForm>
    </AdminPage>
  );
}

/** One configuration field of the chosen kind; a secret one is a password box whose help says what empty means. */
function ConfigurationField({
  kind,
  field,
  source,
}: {
  kind: IntegrationSourceKind;
  field: SourceField;
  source?: IntegrationSource;
}) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation();
  const name = field.Field;
  // Each kind names its own fields ("Bot token" for Slack's secret); the kinds' label keys are listed in the catalogue.
  const label = t(`sources.fieldLabels.${kind}.${name}` as 'sources.fields.Url', {
    defaultValue: t(`sources.fields.${name}`),
  });
  const help = [
    field.Secret && (field.Stored ? t('sources.help.secretKept') : t('sources.help.secretNew')),
    kind === 'webhook' && name === 'Secret' && t('sources.help.webhookSecret'),
    name === 'Url' && t('sources.help.url'),
    name === 'Channel' && t('sources.help.channel'),
  ]
    .filter(Boolean)
    .join(' ');
  // A stored secret URL comes back masked to its origin: shown as the empty box's placeholder.
  const placeholder =
    field.Stored && name === 'Url' && source?.Url
      ? t('sources.storedMasked', { url: source.Url })
      : undefined;
  const rules = [
    ...(field.Required ? [{ required: true, whitespace: true, message: tCommon('form.required') }] : []),
    { max: FIELD_MAX[name], message: tCommon('form.tooLong', { max: FIELD_MAX[name] }) },
    ...(name === 'Email' ? [{ type: 'email' as const, message: tCommon('form.invalid') }] : []),
    ...(name === 'Url' ? [{ type: 'url' as const, message: tCommon('form.invalid') }] : []),
  ];
  return (
    <Form.Item name={name} label={label} extra={help || undefined} rules={rules} required={field.Required}>
      {field.Secret && name === 'Secret' ? (
        <Input.Password autoComplete="new-password" className={styles.code} placeholder={placeholder} />
      ) : (
        <Input
          autoComplete="off"
          type={name === 'Email' ? 'email' : name === 'Url' ? 'url' : 'text'}
          dir={name === 'Channel' ? undefined : 'ltr'}
          placeholder={placeholder}
        />
      )}
    </Form.Item>
  );
}
