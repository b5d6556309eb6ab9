import {
  AI_WIDGET_KINDS,
  ErrorCode,
  WIDGET_KINDS,
  widgetTypeSaveSchema,
  type WidgetKind,
  type WidgetType,
} from '@loupe/contracts';
import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { usePageTitle } from '@/lib/page-title';
import { useWidgetType } from '../api/get-widget-type';
import { useSaveWidgetType } from '../api/save-widget-type';
import { CatalogueRecordLoader, useCatalogueBack } from './catalogue-record';
import { useCatalogueText } from './catalogue-text';

const LIST_PATH = '/widget-types';

type Values = { Name: string; Kind: WidgetKind | undefined; IsAIWidgetType: boolean };

const fieldOf = fieldOfCode<Values>({
  [ErrorCode.WidgetTypeNameExists]: 'Name',
  [ErrorCode.WidgetTypeInUse]: 'Kind',
});

const isAiKind = (kind: WidgetKind | undefined) => kind !== undefined && AI_WIDGET_KINDS.includes(kind);

/** `/widget-types/create` and `/widget-types/:id`. */
export function WidgetTypePage() {
  const { t } = useTranslation('widgetCatalogue');
  const query = useRouteRecord(useWidgetType);
  usePageTitle(t('widgetTypes.title'));
  return (
    <CatalogueRecordLoader section="widgetTypes" query={query}>
      {(record) => <WidgetTypeForm key={record?.Id} type={record} />}
    </CatalogueRecordLoader>
  );
}

/** Name, kind and the AI flag (always on for the text-analytics kinds); a system type is read-only. */
function WidgetTypeForm({ type }: { type?: WidgetType }) {
  const { t } = useTranslation('widgetCatalogue');
  const { t: tCommon } = useTranslation();
  const text = useCatalogueText();
  const [form] = Form.useForm<Values>();
  const save = useSaveWidgetType();
  const back = useCatalogueBack('widgetTypes');
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: WidgetType) =>
      t(type ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });
  const kind = Form.useWatch('Kind', form);
  const readOnly = type?.IsSystem === true;
  const name = type ? text.title(type.Name) : '';

  const submit = (values: Values) =>
    save.mutate(
      {
        id: type?.Id,
        body: {
          Name: values.Name,
          Kind: values.Kind!,
          IsAIWidgetType: values.IsAIWidgetType || isAiKind(values.Kind),
        },
      },
      handlers,
    );

  return (
    <AdminPage
      title={type ? t('widgetTypes.editTitle', { name }) : t('widgetTypes.createTitle')}
      back={back}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{
          // A system type shows its name in the reader's language; it is never saved.
          Name: readOnly ? name : (type?.Name ?? ''),
          Kind: type?.Kind,
          IsAIWidgetType: type?.IsAIWidgetType ?? false,
        }}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={readOnly}
        listPath={LIST_PATH}
        backLabel={back.label}
        notes={readOnly && <FormNote type="info" title={t('widgetTypes.systemNote')} />}
        onValuesChange={(changed: Partial<Values>) => {
          // A text-analytics kind is always an AI type.
          if (isAiKind(changed.Kind)) form.setFieldValue('IsAIWidgetType', true);
        }}
      >
        <NameItem label={t('widgetTypes.fields.name')} schema={widgetTypeSaveSchema.shape.Name} />
        <Form.Item
          name="Kind"
          label={t('widgetTypes.fields.kind')}
          extra={t('widgetTypes.help.kind')}
          rules={[{ required: true, message: tCommon('form.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={WIDGET_KINDS.map((value) => ({ value, label: text.kind(value) }))}
          />
        </Form.Item>
        <Form.Item
          name="IsAIWidgetType"
          label={t('widgetTypes.fields.ai')}
          valuePropName="checked"
          extra={isAiKind(kind) ? t('widgetTypes.help.aiKind') : t('widgetTypes.help.ai')}
        >
          <Switch disabled={isAiKind(kind)} />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
