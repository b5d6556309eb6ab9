import {
  ErrorCode,
  INTEGRATION_ACTIONS,
  INTEGRATION_ACTION_DEFINITIONS,
  INTEGRATION_COMMON_EVENT_FIELDS,
  INTEGRATION_EVENTS,
  INTEGRATION_EVENT_FIELDS,
  integrationWorkflowSaveSchema,
  type IntegrationAction,
  type IntegrationActionList,
  type IntegrationEvent,
  type IntegrationWorkflow,
} from '@loupe/contracts';
import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode, fieldOfDetails } from '@/components/admin-page/refusal-field';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useIntegrationActions } from '../api/get-integration-actions';
import { useIntegrationWorkflow } from '../api/get-integration-workflow';
import { useSourcesForWorkflow } from '../api/get-sources-for-workflow';
import { useSaveIntegrationWorkflow } from '../api/save-integration-workflow';
import { mappingPayload, mappingRows, missingRequiredFields, type MappingRow } from '../mapping';
import { DeleteWorkflowButton } from './delete-integration-buttons';
import { useCanManageIntegrations } from './integration-access';
import { useKindLabel } from './integration-labels';
import { useIntegrationNames } from './integration-names';
import styles from './integrations.module.css';
import { MappingEditor } from './mapping-editor';
import { WORKFLOWS_PATH } from './workflows-page';

type Values = {
  Name: string;
  Order: number;
  IsActive: boolean;
  SourceId: number | undefined;
  Event: IntegrationEvent | undefined;
  Action: IntegrationAction | undefined;
  Mapping: MappingRow[];
};

const fieldOfCodes = fieldOfCode<Values>({
  [ErrorCode.IntegrationWorkflowNameExists]: 'Name',
  [ErrorCode.IntegrationSourceNotAction]: 'SourceId',
  [ErrorCode.IntegrationActionNotForSource]: 'Action',
  [ErrorCode.IntegrationMappingValueMissing]: 'Mapping',
  [ErrorCode.IntegrationMappingEventFieldUnknown]: 'Mapping',
  [ErrorCode.IntegrationMappingActionFieldUnknown]: 'Mapping',
  [ErrorCode.IntegrationMappingRequiredFieldMissing]: 'Mapping',
  [ErrorCode.IntegrationMappingDuplicateField]: 'Mapping',
});
const fieldOfPath = fieldOfDetails<Values>(['Name', 'Order', 'SourceId', 'Event', 'Action', 'Mapping']);
const fieldOf = (error: unknown) => fieldOfCodes(error) ?? fieldOfPath(error);

/** The actions as the server's build defines them: what the form offers until (or unless) the lookup answers. */
const BUILT_IN_ACTIONS: IntegrationActionList = INTEGRATION_ACTIONS.map((Action) => ({
  Action,
  SourceKinds: [...INTEGRATION_ACTION_DEFINITIONS[Action].SourceKinds],
  AnyField: INTEGRATION_ACTION_DEFINITIONS[Action].AnyField,
  Fields: INTEGRATION_ACTION_DEFINITIONS[Action].Fields.map((field) => ({ ...field })),
}));

/** `/integration-workflows/create` and `/integration-workflows/:id`. */
export function WorkflowPage() {
  const { t } = useTranslation('integrations');
  const query = useRouteRecord(useIntegrationWorkflow);
  usePageTitle(t('workflows.title'));
  return (
    <RecordLoader
      query={query}
      title={t('workflows.title')}
      back={{ to: WORKFLOWS_PATH, label: t('back.workflows') }}
      size="large"
      notFound={t('workflows.notFound')}
      loadFailed={t('workflows.recordLoadFailed')}
    >
      {(record) => <WorkflowForm key={record?.Id} workflow={record} />}
    </RecordLoader>
  );
}

function WorkflowForm({ workflow }: { workflow?: IntegrationWorkflow }) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const save = useSaveIntegrationWorkflow();
  const canManage = useCanManageIntegrations();
  const kindLabel = useKindLabel();
  const names = useIntegrationNames();
  const sources = useSourcesForWorkflow();
  const actionsQuery = useIntegrationActions();
  const actions = actionsQuery.data ?? BUILT_IN_ACTIONS;
  const handlers = useSaveHandlers<Values, IntegrationWorkflow>({
    form,
    fieldOf,
    listPath: WORKFLOWS_PATH,
    savedMessage: (saved) =>
      t(workflow ? 'workflows.messages.saved' : 'workflows.messages.created', { name: saved.Name }),
  });

  const sourceId = Form.useWatch('SourceId', form) ?? workflow?.SourceId;
  const event = Form.useWatch('Event', form) ?? workflow?.Event;
  const actionName = Form.useWatch('Action', form) ?? workflow?.Action;
  const sourceKind = sources.data?.find((source) => source.Id === sourceId)?.Kind;
  const actionOf = (name: IntegrationAction | undefined) => actions.find((action) => action.Action === name);
  const action = actionOf(actionName);
  const eventFields = event ? [...INTEGRATION_EVENT_FIELDS[event], ...INTEGRATION_COMMON_EVENT_FIELDS] : [];
  // Only the actions the chosen source can run; the saved one stays listed until the source changes.
  const actionOptions = actions
    .filter((item) => sourceKind === undefined || item.SourceKinds.includes(sourceKind))
    .map((item) => ({ value: item.Action, label: names.action(item.Action) }));

  // A source the lookup no longer lists (its behaviour changed) still shows by name.
  const sourceOptions = (sources.data ?? []).map((source) => ({
    value: source.Id,
    label: `${source.Name} · ${kindLabel(source.Kind)}`,
  }));
  if (workflow && !sourceOptions.some((option) => option.value === workflow.SourceId))
    sourceOptions.push({ value: workflow.SourceId, label: workflow.SourceName });

  const initialValues: Values = {
    Name: workflow?.Name ?? '',
    Order: workflow?.Order ?? 0,
    IsActive: workflow?.IsActive ?? true,
    SourceId: workflow?.SourceId,
    Event: workflow?.Event,
    Action: workflow?.Action,
    Mapping: workflow
      ? mappingRows(actionOf(workflow.Action) ?? { AnyField: true, Fields: [] }, workflow.Mapping)
      : [],
  };

  const onValuesChange = (changed: Partial<Values>, values: Values) => {
    if ('SourceId' in changed) {
      const kind = sources.data?.find((source) => source.Id === changed.SourceId)?.Kind;
      const current = actionOf(values.Action);
      if (current && kind && !current.SourceKinds.includes(kind)) {
        form.setFieldsValue({ Action: undefined, Mapping: [] });
      }
    }
    if ('Action' in changed) {
      const next = actionOf(changed.Action);
      // What was entered for a field the new action also has is kept.
      form.setFieldsValue({ Mapping: next ? mappingRows(next, mappingPayload(values.Mapping)) : [] });
    }
  };

  const submit = (values: Values) => {
    if (values.SourceId === undefined || values.Event === undefined || values.Action === undefined) return;
    save.mutate(
      {
        id: workflow?.Id,
        body: {
          Name: values.Name.trim(),
          Order: values.Order,
          IsActive: values.IsActive,
          SourceId: values.SourceId,
          Event: values.Event,
          Action: values.Action,
          Mapping: mappingPayload(values.Mapping),
        },
      },
      handlers,
    );
  };

  const title = workflow ? t('workflows.editTitle', { name: workflow.Name }) : t('workflows.createTitle');
  const lookupError = sources.error ?? actionsQuery.error;
  const required = { required: true, message: tCommon('form.required') };

  return (
    <AdminPage title={title} back={{ to: WORKFLOWS_PATH, label: t('back.workflows') }} size="large">
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={onValuesChange}
        save={save}
        fieldOf={fieldOf}
        readOnly={!canManage}
        listPath={WORKFLOWS_PATH}
        backLabel={t('back.workflows')}
        footerExtra={
          workflow && (
            <DeleteWorkflowButton record={workflow} onDeleted={() => void navigate(WORKFLOWS_PATH)} />
          )
        }
        notes={
          <>
            {!canManage && <FormNote type="info" title={t('workflows.notes.readOnly')} />}
            {lookupError && (
              <FormNote
                type="error"
                title={t('workflows.lookupsFailed')}
                description={errorMessage(lookupError, tCommon)}
              />
            )}
          </>
        }
      >
        <NameItem label={t('workflows.fields.name')} schema={integrationWorkflowSaveSchema.shape.Name} />
        <div className={styles.row}>
          <Form.Item
            name="Order"
            label={t('workflows.fields.order')}
            extra={t('workflows.help.order')}
            rules={[required]}
          >
            <InputNumber className={styles.number} min={0} max={10_000} precision={0} />
          </Form.Item>
          <Form.Item
            name="IsActive"
            label={t('workflows.fields.isActive')}
            extra={t('workflows.help.isActive')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </div>
        <Form.Item
          name="SourceId"
          label={t('workflows.fields.source')}
          extra={sources.data?.length === 0 ? t('workflows.help.noSources') : t('workflows.help.source')}
          rules={[required]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={sources.isPending}
            options={sourceOptions}
            placeholder={t('workflows.placeholders.source')}
          />
        </Form.Item>
        <div className={styles.row}>
          <Form.Item name="Event" label={t('workflows.fields.event')} rules={[required]}>
            <Select
              options={INTEGRATION_EVENTS.map((value) => ({ value, label: names.event(value) }))}
              placeholder={t('workflows.placeholders.event')}
            />
          </Form.Item>
          <Form.Item
            name="Action"
            label={t('workflows.fields.action')}
            extra={t('workflows.help.action')}
            rules={[required]}
          >
            <Select options={actionOptions} placeholder={t('workflows.placeholders.action')} />
          </Form.Item>
        </div>
        <Form.Item
          name="Mapping"
          label={t('workflows.fields.mapping')}
          extra={action?.AnyField ? `${t('mapping.help')} ${t('mapping.anyFieldHelp')}` : t('mapping.help')}
          rules={[
            {
              validator: (_rule, rows: MappingRow[] | undefined) => {
                const missing = missingRequiredFields(rows ?? []);
                return missing.length === 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('mapping.requiredMissing', { field: missing.join(', ') })));
              },
            },
          ]}
        >
          <MappingEditor
            eventFields={eventFields}
            anyField={action?.AnyField ?? false}
            noAction={action ? undefined : t('workflows.placeholders.chooseActionFirst')}
          />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
