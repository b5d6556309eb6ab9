import { ErrorCode, widgetSaveSchema, type WidgetCatalogueItem, type WidgetKind } from '@loupe/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { JsonField } from '@/components/json-field';
import { jsonFieldRule, zodRule } from '@/lib/form-rules';
import { usePageTitle } from '@/lib/page-title';
import { useCatalogueWidget } from '../api/get-widget';
import { useCatalogueWidgets, useWidgetCategories, useWidgetTypes } from '@/api/widget-catalogue';
import { useSaveCatalogueWidget } from '../api/save-widget';
import { CatalogueRecordLoader, useCatalogueBack } from './catalogue-record';
import { useCatalogueText } from './catalogue-text';
import { NEW_WIDGET_CONFIG, formatConfig, starterWidget, withKind } from './widget-config-text';

const LIST_PATH = '/widgets';

type Values = {
  Title: string;
  Description: string;
  WidgetTypeId: number | undefined;
  WidgetCategoryId: number | undefined;
  IsEnabled: boolean;
  Config: string;
};

const fieldOf = fieldOfCode<Values>({
  [ErrorCode.WidgetTitleExists]: 'Title',
  [ErrorCode.WidgetConfigInvalid]: 'Config',
});

/** `/widgets/create` and `/widgets/:id`. */
export function WidgetPage() {
  const { t } = useTranslation('widgetCatalogue');
  const query = useRouteRecord(useCatalogueWidget);
  usePageTitle(t('widgets.title'));
  return (
    <CatalogueRecordLoader section="widgets" query={query}>
      {(record) => <WidgetForm key={record?.Id} widget={record} />}
    </CatalogueRecordLoader>
  );
}

/**
 * Title, description, type, category, enabled and the default Config a new report widget starts from. A new
 * widget's Config starts from a system widget of the chosen kind; a system widget is read-only.
 */
function WidgetForm({ widget }: { widget?: WidgetCatalogueItem }) {
  const { t } = useTranslation('widgetCatalogue');
  const { t: tCommon } = useTranslation();
  const text = useCatalogueText();
  const [form] = Form.useForm<Values>();
  const save = useSaveCatalogueWidget();
  const back = useCatalogueBack('widgets');
  const types = useWidgetTypes();
  const categories = useWidgetCategories();
  const catalogue = useCatalogueWidgets();
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: WidgetCatalogueItem) =>
      t(widget ? 'messages.saved' : 'messages.created', { name: text.title(saved.Title) }),
  });
  // The Config text the form last put in; while the field still holds it, choosing a type may replace it.
  const offered = useRef(NEW_WIDGET_CONFIG);
  const readOnly = widget?.IsSystem === true;

  const kindOf = (typeId: number | undefined): WidgetKind | undefined =>
    types.data?.find((type) => type.Id === typeId)?.Kind;

  const typeOptions = (types.data ?? []).map((type) => {
    const name = text.title(type.Name);
    const kind = text.kind(type.Kind);
    return { value: type.Id, label: name === kind ? name : t('widgets.typeOption', { type: name, kind }) };
  });
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: category.Id,
    label: text.title(category.Name),
  }));

  /**
   * A new widget whose Config the user has not edited starts from the system widget of the chosen kind (its
   * Config, and its category when none is chosen); otherwise only the Config's `type` follows the kind.
   */
  function typeChanged(typeId: number | undefined) {
    const kind = kindOf(typeId);
    if (!kind) return;
    const current = form.getFieldValue('Config') as string;
    const starter =
      !widget && current === offered.current ? starterWidget(catalogue.data ?? [], kind) : undefined;
    const next = starter ? formatConfig(starter.Config) : withKind(current, kind);
    if (starter && form.getFieldValue('WidgetCategoryId') === undefined) {
      form.setFieldValue('WidgetCategoryId', starter.WidgetCategoryId);
    }
    if (next === undefined) return;
    offered.current = next;
    form.setFieldValue('Config', next);
  }

  const submit = (values: Values) =>
    save.mutate(
      {
        id: widget?.Id,
        body: {
          Title: values.Title,
          Description: values.Description,
          WidgetTypeId: values.WidgetTypeId!,
          WidgetCategoryId: values.WidgetCategoryId!,
          IsEnabled: values.IsEnabled,
          Config: values.Config,
        },
      },
      handlers,
    );

  const title = widget ? text.title(widget.Title) : '';
  const required = { required: true, message: tCommon('form.required') };

  return (
    <AdminPage
      title={widget ? t('widgets.editTitle', { name: title }) : t('widgets.createTitle')}
      back={back}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{
          // A system widget shows its names in the reader's language; it is never saved.
          Title: readOnly ? title : (widget?.Title ?? ''),
          Description: readOnly ? text.title(widget.Description) : (widget?.Description ?? ''),
          WidgetTypeId: widget?.WidgetTypeId,
          WidgetCategoryId: widget?.WidgetCategoryId,
          IsEnabled: widget?.IsEnabled ?? true,
          Config: widget ? formatConfig(widget.Config) : NEW_WIDGET_CONFIG,
        }}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={readOnly}
        listPath={LIST_PATH}
        backLabel={back.label}
        onValuesChange={(changed: Partial<Values>) => {
          if ('WidgetTypeId' in changed) typeChanged(changed.WidgetTypeId);
        }}
        notes={
          <>
            {readOnly && <FormNote type="info" title={t('widgets.systemNote')} />}
            {widget?.IsAIWidget && <FormNote type="info" title={t('widgets.aiNote')} />}
            {widget?.IsEnabled && widget.IsLocked && (
              <FormNote type="warning" title={t('widgets.lockedNote')} />
            )}
          </>
        }
      >
        <Form.Item
          name="Title"
          label={t('widgets.fields.title')}
          extra={readOnly ? undefined : t('widgets.help.title')}
          rules={[{ ...required, whitespace: true }, zodRule(widgetSaveSchema.shape.Title, tCommon)]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="Description"
          label={t('widgets.fields.description')}
          rules={[zodRule(widgetSaveSchema.shape.Description, tCommon)]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="WidgetTypeId" label={t('widgets.fields.type')} rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={types.isPending}
            options={typeOptions}
          />
        </Form.Item>
        <Form.Item
          name="WidgetCategoryId"
          label={t('widgets.fields.category')}
          extra={readOnly ? undefined : t('widgets.help.category')}
          rules={[required]}
        >
          <Select loading={categories.isPending} options={categoryOptions} />
        </Form.Item>
        <Form.Item
          name="IsEnabled"
          label={t('widgets.fields.enabled')}
          valuePropName="checked"
          extra={t('widgets.help.enabled')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="Config"
          label={t('widgets.fields.config')}
          extra={readOnly ? undefined : t('widgets.help.config')}
          rules={[{ required: true, message: tCommon('form.required') }, jsonFieldRule(tCommon)]}
        >
          <JsonField rows={16} />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
