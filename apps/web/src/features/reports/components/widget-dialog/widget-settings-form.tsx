import {
  AI_WIDGET_CATEGORY_IDS,
  AI_WIDGET_KINDS,
  WIDGET_KINDS,
  hasAnyScope,
  isJsonText,
  parseJsonObject,
  widgetConfigProblems,
  type WidgetCatalogueItem,
  type WidgetKind,
} from '@loupe/contracts';
import { App, Button, Form, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonField } from '@/components/json-field';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { jsonFieldRule } from '@/lib/form-rules';
import { useSaveReportWidget } from '@/features/reports/api/report-widgets';
import type { PlacedWidget, WidgetConfig } from '@/widgets/shared/widget-layout';
import { isAiEntry } from './catalogue-choice';
import { useCatalogueTitle, useDialogText } from './dialog-text';
import type { FieldContext } from './field-context';
import {
  dependentChanges,
  isEmptyFormValue,
  generalFilterFields,
  masterWidgetChoices,
  questionSurveyIds,
  visibleFields,
  widgetFilterFields,
  withConfidenceField,
  type FormFilters,
} from './filter-rules';
import { useWidgetLookups } from './use-widget-lookups';
import {
  advancedSettingsOf,
  buildWidgetConfig,
  formatConfigJson,
  formSettingsOf,
  formValuesOf,
  timeColumnsFor,
  type WidgetFormValues,
} from './widget-config-model';
import styles from './widget-dialog.module.css';
import { WidgetGeneralTab, type SectionKey } from './widget-general-tab';

type Tab = 'general' | 'json';
type Values = WidgetFormValues & { configText?: string };

export type WidgetSettingsFormProps = {
  reportId: number;
  /** The catalogue widget (report widget's WidgetId). */
  widgetId: number;
  /** Its catalogue entry; undefined when the catalogue no longer lists it (the saved Config then tells). */
  entry: WidgetCatalogueItem | undefined;
  /** The Config the form starts from: the entry's default (with size and position) or the edited widget's. */
  initialConfig: WidgetConfig;
  /** The edited report widget; undefined for a new one. */
  editingId?: number;
  /** The report's widgets, the master widgets choose from. */
  siblings: readonly PlacedWidget[];
  kindOf: (widget: PlacedWidget) => string | undefined;
  titleOfWidget: (widget: PlacedWidget) => string;
  /** Cancel: back to the widget choice (a new widget) or closing the dialog (an edit). */
  onCancel: () => void;
  /** After a successful save (the report queries are refreshed). */
  onSaved: () => void;
};

/** The folded sections that hold values: general filters chosen, master widgets or a hint set. */
function openSectionsOf(values: WidgetFormValues, generalFields: readonly string[]): SectionKey[] {
  const sections: SectionKey[] = [];
  if (
    generalFields.some(
      (name) =>
        !isEmptyFormValue(values.filters[name]) &&
        values.filters[name] !== false &&
        !(name === 'SessionStatus' && values.filters[name] === 0),
    )
  ) {
    sections.push('generalFilters');
  }
  if (values.masterWidgets.length > 0 || values.hintText.trim() !== '') sections.push('advanced');
  return sections;
}

function kindOfConfig(config: WidgetConfig): WidgetKind | undefined {
  return WIDGET_KINDS.find((kind) => kind === config.type);
}

/**
 * The widget settings form (reports spec §2, §4, §5): the general settings tab and, for report:advance, the raw
 * JSON tab. Leaving the general tab writes the form into the JSON; coming back re-reads valid JSON and ignores
 * invalid JSON. Saving posts a new widget or puts the edited one; a failure keeps the form and says why.
 */
export function WidgetSettingsForm({
  reportId,
  widgetId,
  entry,
  initialConfig,
  editingId,
  siblings,
  kindOf,
  titleOfWidget,
  onCancel,
  onSaved,
}: WidgetSettingsFormProps) {
  const { t } = useDialogText();
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const titleOf = useCatalogueTitle();
  const [form] = Form.useForm<Values>();
  const save = useSaveReportWidget();
  const bootstrap = useBootstrap().data;
  const canAdvance = hasAnyScope(bootstrap?.User.Scopes ?? [], ['report:advance']);
  const dataCollectorActive = bootstrap?.IsDataCollectorActive === true;

  // What the catalogue says about the widget wins over the saved Config (both carry filterFields).
  const { settings, widgetFields, generalFields, allFields } = useMemo(() => {
    const config = entry ? (parseJsonObject(entry.Config) ?? {}) : initialConfig;
    const formSettings = formSettingsOf(config);
    const own = withConfidenceField(widgetFilterFields(formSettings.filterFields), config.dataEndpoint);
    const general = generalFilterFields(own);
    return {
      settings: formSettings,
      widgetFields: own,
      generalFields: general,
      allFields: [...own, ...general],
    };
  }, [entry, initialConfig]);
  const kind = entry?.WidgetKind ?? kindOfConfig(initialConfig);
  const aiWidget = entry ? isAiEntry(entry) : kind !== undefined && AI_WIDGET_KINDS.includes(kind);
  const formContext = {
    fields: allFields,
    allowThirdLayout: settings.allowThirdLayout,
    aiWidget,
    defaultTitle: entry ? titleOf(entry.Title) : '',
  };

  // The Config the general tab edits: the starting one, then whatever the JSON tab last held as valid JSON.
  const [baseConfig, setBaseConfig] = useState<WidgetConfig>(initialConfig);
  const [tab, setTab] = useState<Tab>('general');
  const [initialValues] = useState<Values>(() => ({
    ...formValuesOf(initialConfig, formContext),
    configText: formatConfigJson(initialConfig),
  }));
  // A section holding values starts unfolded, so that an edit shows what the widget is filtered by.
  const [openSections, setOpenSections] = useState<SectionKey[]>(() =>
    openSectionsOf(initialValues, generalFields),
  );

  const watched = Form.useWatch('filters', { form, preserve: true }) as FormFilters | undefined;
  const filters = watched ?? initialValues.filters;
  const visible = visibleFields(allFields, filters);
  const lookups = useWidgetLookups({ fields: visible, surveyIds: questionSurveyIds(filters) });
  const baseFilters = (baseConfig.dataFilters ?? {}) as Record<string, unknown>;
  const fieldContext: FieldContext = {
    lookups,
    kind,
    requiredFilters: settings.requiredFilters,
    filters,
    dataCollectorActive,
    measurementType: filters.MeasurementType ?? baseFilters.MeasurementType,
  };

  // Reports spec §6: widgets in the AI categories (9, 10) take bubble charts as masters.
  const aiCategory = entry ? AI_WIDGET_CATEGORY_IDS.includes(entry.WidgetCategoryId) : aiWidget;
  const masterChoices = masterWidgetChoices({
    widgets: siblings,
    kindOf,
    aiWidget: aiCategory,
    editedId: editingId,
  }).map((widget) => ({ value: widget.id, label: titleOfWidget(widget) }));

  /** Every value, those of folded sections and of the other tab included. */
  const allValues = () => form.getFieldsValue(true) as Values;

  /** Puts values into the form, each filter on its own (a cleared value must clear, not be skipped). */
  function setValues(values: WidgetFormValues): void {
    const { filters: nextFilters, ...rest } = values;
    form.setFields([
      ...Object.entries(rest).map(([name, value]) => ({ name, value })),
      ...Object.entries(nextFilters).map(([name, value]) => ({ name: ['filters', name], value })),
    ]);
  }

  function onValuesChange(changed: Partial<Values>, all: Values): void {
    if (!changed.filters) return;
    const patch = dependentChanges({
      changed: changed.filters,
      filters: all.filters,
      experiences: lookups.experiences,
      surveyOfQuestion: lookups.surveyOfQuestion,
    });
    const entries = Object.entries(patch);
    if (entries.length > 0)
      form.setFields(entries.map(([name, value]) => ({ name: ['filters', name], value })));
  }

  function changeTab(next: Tab): void {
    if (next === tab) return;
    if (next === 'json') {
      const config = buildWidgetConfig({ base: baseConfig, values: allValues(), visible });
      setBaseConfig(config);
      form.setFieldValue('configText', formatConfigJson(config));
    } else {
      // Reports spec §2: back from the JSON tab the JSON is re-read; invalid JSON is ignored.
      const parsed = parseJsonObject(form.getFieldValue('configText'));
      if (parsed) {
        setBaseConfig(parsed);
        setValues(formValuesOf(parsed, formContext));
      }
      form.setFields([{ name: 'configText', errors: [] }]);
    }
    setTab(next);
  }

  async function submit(): Promise<void> {
    let config: WidgetConfig | undefined;
    try {
      if (tab === 'json') {
        await form.validateFields([['configText']]);
        config = parseJsonObject(form.getFieldValue('configText'));
      } else {
        await form.validateFields();
        config = buildWidgetConfig({ base: baseConfig, values: allValues(), visible });
      }
    } catch (failure) {
      // A problem in a folded section unfolds it.
      const fields = (failure as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      if (
        fields.some((field) => field.name[0] === 'filters' && generalFields.includes(String(field.name[1])))
      ) {
        setOpenSections((open) => [...new Set<SectionKey>([...open, 'generalFilters'])]);
      }
      return;
    }
    if (!config) return;
    // The server refuses a Config its data calls would refuse (2505); say which field before posting.
    const [problem] = widgetConfigProblems(config, '');
    if (problem) {
      void message.error(t('validation.configInvalid', { field: problem.Path, problem: problem.Message }));
      return;
    }
    save.mutate(
      { id: editingId, body: { ReportId: reportId, WidgetId: widgetId, Config: JSON.stringify(config) } },
      {
        onSuccess: () => {
          void message.success(t('save.saved'));
          onSaved();
        },
        onError: (error) => void message.error(`${t('save.failed')} ${errorMessage(error, tc)}`),
      },
    );
  }

  const configRules = [
    { required: true, message: t('validation.configRequired') },
    jsonFieldRule(tc),
    {
      validator: (_rule: unknown, value: unknown) =>
        typeof value === 'string' && isJsonText(value) && !parseJsonObject(value)
          ? Promise.reject(new Error(t('validation.configNotObject')))
          : Promise.resolve(),
    },
    {
      // A widget Config whose dataFilters a data request would refuse (widgetConfigSchema), by its field.
      validator: (_rule: unknown, value: unknown) => {
        const config = parseJsonObject(value);
        const [problem] = config ? widgetConfigProblems(config, '') : [];
        return problem
          ? Promise.reject(
              new Error(t('validation.configInvalid', { field: problem.Path, problem: problem.Message })),
            )
          : Promise.resolve();
      },
    },
  ];

  const identity = {
    category: entry ? titleOf(entry.WidgetCategoryName) : '',
    widget: entry ? titleOf(entry.Title) : '',
    type: entry ? titleOf(entry.WidgetTypeName) : (kind ?? ''),
  };

  const tabs = [
    {
      key: 'general',
      label: t('tabs.general'),
      children: (
        <WidgetGeneralTab
          identity={identity}
          timeColumns={timeColumnsFor(aiWidget)}
          allowThirdLayout={settings.allowThirdLayout}
          widgetFields={visibleFields(widgetFields, filters)}
          generalFields={generalFields}
          fieldContext={fieldContext}
          advanced={advancedSettingsOf(baseConfig)}
          aiWidget={aiCategory}
          masterChoices={masterChoices}
          openSections={openSections}
          onSectionsChange={setOpenSections}
        />
      ),
    },
    ...(canAdvance
      ? [
          {
            key: 'json',
            label: t('tabs.json'),
            children: (
              <Form.Item
                name="configText"
                label={t('fields.config')}
                extra={t('fields.configHelp')}
                // Only the tab in use is checked: JSON left invalid is ignored once the general tab is back.
                rules={tab === 'json' ? configRules : []}
                validateFirst
              >
                <JsonField rows={18} />
              </Form.Item>
            ),
          },
        ]
      : []),
  ];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      disabled={save.isPending}
      className={styles.form}
      scrollToFirstError
    >
      <Tabs activeKey={tab} onChange={(key) => changeTab(key as Tab)} items={tabs} />
      <div className={styles.footer}>
        <Button onClick={onCancel} disabled={false}>
          {t('actions.cancel')}
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </div>
    </Form>
  );
}
