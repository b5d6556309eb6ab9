import {
  DEFAULT_MENU_GROUP,
  ErrorCode,
  hasAnyScope,
  isJsonText,
  parseJsonObject,
  REPORT_CATEGORY_MAX,
  REPORT_DIALOG_FILTER_KEYS,
  REPORT_TITLE_MAX,
  reportCreateSchema,
  reportSlug,
  type ReportDetail,
} from '@loupe/contracts';
import { App, Button, Form, Input, Modal, Skeleton, Switch, Tabs, type InputRef } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonField } from '@/components/json-field';
import { ApiError } from '@/lib/api-client';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { jsonFieldRule, zodRule } from '@/lib/form-rules';
import { useCreateReport, useUpdateReport } from '../api/save-report';
import {
  generalSettingsOf,
  isScopedReport,
  mistypedConfigKey,
  parseReportConfig,
  stringifyReportConfig,
  withGeneralSettings,
  withReportIdentity,
  type ReportConfigObject,
  type ReportGeneralSettings,
} from '../report-config';
import { ReportDialogGeneral } from './report-dialog-general';
import styles from './report-dialog.module.css';
import { useOpenFocus } from '@/lib/use-open-focus';

/** What the dialog tells its caller after a save: enough to go to reports/{Slug}. */
export type SavedReport = { Id: number; Title: string; Slug: string };

export type ReportDialogProps = {
  open: boolean;
  mode: 'create' | 'edit';
  /** The report to edit (mode 'edit'); while it loads the dialog shows a placeholder. */
  report?: ReportDetail;
  onClose: () => void;
  /** Starts with the report's fixed filters unfolded (the edit menu's report filter entry). */
  filtersOpen?: boolean;
  /** After a successful save (the report queries are refreshed already); the dialog then calls `onClose`. */
  onSaved: (saved: SavedReport) => void;
};

type Tab = 'general' | 'json';

type DialogValues = ReportGeneralSettings & {
  Title: string;
  /** The category toggle: off puts the report in the default menu group. */
  HasCategory: boolean;
  Category?: string;
  /** The JSON tab's text. */
  ConfigText?: string;
};

const categoryRule = reportCreateSchema.shape.Category.unwrap().unwrap();

/** The General tab's settings out of the form's values; lists a cleared field left undefined read as empty. */
function settingsFrom(values: Partial<DialogValues>): ReportGeneralSettings {
  const filters: Partial<ReportGeneralSettings['filters']> = values.filters ?? {};
  return {
    scopedData: values.scopedData === true,
    scopedDataForEmployee: values.scopedDataForEmployee === true,
    hasAdvancedFilter: values.hasAdvancedFilter === true,
    advancedFilters: values.advancedFilters ?? [],
    textAnalyticsFilter2Visible: values.textAnalyticsFilter2Visible === true,
    filters: Object.fromEntries(
      REPORT_DIALOG_FILTER_KEYS.map((key) => [key, filters[key] ?? []]),
    ) as ReportGeneralSettings['filters'],
  };
}

/**
 * The report create/edit dialog (reports spec §2, §5, §7, §8): Title, the optional Category, and the tabs
 * General (scoped data, advanced filters, the fixed filters) and JSON (the whole config; report:advance only).
 * A new report is posted (the server assigns it to the saver's first role); an edited one is put back with its
 * widgets untouched. A taken title (2500) shows on the Title field.
 */
export function ReportDialog({ open, mode, report, filtersOpen, onClose, onSaved }: ReportDialogProps) {
  const { t } = useTranslation('reports');
  const editing = mode === 'edit';
  return (
    <Modal
      open={open}
      title={t(editing ? 'dialog.editTitle' : 'dialog.createTitle')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {editing && !report ? (
        <Skeleton active title={false} aria-label={t('dialog.loading')} />
      ) : (
        <ReportDialogForm
          // A different report starts a fresh form.
          key={editing ? report?.Id : 'new'}
          report={editing ? report : undefined}
          filtersOpen={filtersOpen === true}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

type FormProps = Pick<ReportDialogProps, 'report' | 'onClose' | 'onSaved'> & { filtersOpen: boolean };

function ReportDialogForm({ report, filtersOpen, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DialogValues>();
  const titleRef = useOpenFocus<InputRef>();
  const create = useCreateReport();
  const update = useUpdateReport();
  const saving = create.isPending || update.isPending;

  const canAdvance = hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['report:advance']);
  const [storedConfig] = useState(() => parseReportConfig(report?.Config));
  // The config the General tab edits: the stored one, then whatever the JSON tab last held as valid JSON.
  const [baseConfig, setBaseConfig] = useState<ReportConfigObject>(storedConfig);
  const [tab, setTab] = useState<Tab>('general');
  const hasCategory = Form.useWatch('HasCategory', form);

  // Reports spec §4 "scoped-data toggle is locked when the report itself is scoped": read as the report being
  // edited already has config.scopedData, so the General tab cannot turn scoping off (restricted users would
  // silently lose their pre-filter); a new report, or one not scoped yet, may turn it on. Holders of
  // report:advance can still change the key deliberately in the JSON tab.
  const scopedDataLocked = report !== undefined && isScopedReport(storedConfig);

  const [initialValues] = useState<DialogValues>(() => {
    const ownCategory = report !== undefined && report.Category !== DEFAULT_MENU_GROUP;
    return {
      Title: report?.Title ?? '',
      HasCategory: ownCategory,
      Category: ownCategory ? report.Category : '',
      ...generalSettingsOf(storedConfig),
      ConfigText: stringifyReportConfig(storedConfig),
    };
  });

  /** Every value, the fixed filters included while their folded chooser has never been opened. */
  const allValues = () => form.getFieldsValue(true) as Partial<DialogValues>;

  function changeTab(next: Tab): void {
    if (next === tab) return;
    if (next === 'json') {
      const config = withGeneralSettings(baseConfig, settingsFrom(allValues()));
      setBaseConfig(config);
      form.setFieldValue('ConfigText', stringifyReportConfig(config));
    } else {
      // Back from JSON: valid JSON becomes what the General tab shows; invalid JSON is ignored.
      const parsed = parseJsonObject(form.getFieldValue('ConfigText') as string | undefined);
      if (parsed) {
        setBaseConfig(parsed);
        form.setFieldsValue(generalSettingsOf(parsed));
      }
      form.setFields([{ name: 'ConfigText', errors: [] }]);
    }
    setTab(next);
  }

  function onError(error: unknown): void {
    if (error instanceof ApiError && error.code === ErrorCode.ReportNameExists) {
      form.setFields([{ name: 'Title', errors: [errorMessage(error, tc)] }]);
    }
    void message.error(t('dialog.saveFailed'));
  }

  function saved(answer: { Id: number; Title: string; Config: string }): void {
    void message.success(t('dialog.saved'));
    // The server writes the slug into the config on every save; the title's slug is the same rule.
    const slug = parseReportConfig(answer.Config).slug;
    onSaved({
      Id: answer.Id,
      Title: answer.Title,
      Slug: typeof slug === 'string' && slug !== '' ? slug : reportSlug(answer.Title),
    });
    onClose();
  }

  function save(): void {
    const values = allValues();
    const config =
      tab === 'json'
        ? parseJsonObject(values.ConfigText)
        : withGeneralSettings(baseConfig, settingsFrom(values));
    // The JSON field's rules have already refused text that is not an object.
    if (!config) return;
    const Title = (values.Title ?? '').trim();
    const Category = values.HasCategory ? (values.Category ?? '').trim() : DEFAULT_MENU_GROUP;
    const Config = stringifyReportConfig(withReportIdentity(config, { title: Title, category: Category }));
    if (report) {
      update.mutate({ Id: report.Id, Title, Category, Config }, { onSuccess: saved, onError });
    } else {
      create.mutate({ Title, Category, Config }, { onSuccess: saved, onError });
    }
  }

  const configRules = [
    jsonFieldRule(tc),
    {
      // After the json rule (validateFirst): valid JSON that the server would still refuse.
      validator: (_rule: unknown, value: unknown) => {
        if (typeof value !== 'string' || !isJsonText(value)) return Promise.resolve();
        const config = parseJsonObject(value);
        if (!config) return Promise.reject(new Error(t('dialog.configNotObject')));
        const key = mistypedConfigKey(config);
        return key === undefined
          ? Promise.resolve()
          : Promise.reject(new Error(t('dialog.configMistyped', { key })));
      },
    },
  ];
  const titleRules = [
    zodRule(reportCreateSchema.shape.Title, tc),
    {
      // The address is the title's slug: a title of only punctuation would have none (the server says 3333).
      validator: (_rule: unknown, value: unknown) =>
        typeof value === 'string' && value.trim() !== '' && reportSlug(value) === ''
          ? Promise.reject(new Error(t('dialog.titleWithoutSlug')))
          : Promise.resolve(),
    },
  ];

  const tabs = [
    {
      key: 'general',
      label: t('dialog.tabs.general'),
      children: <ReportDialogGeneral scopedDataLocked={scopedDataLocked} filtersOpen={filtersOpen} />,
    },
    ...(canAdvance
      ? [
          {
            key: 'json',
            label: t('dialog.tabs.json'),
            children: (
              <Form.Item
                name="ConfigText"
                label={t('dialog.config')}
                extra={t('dialog.configHelp')}
                // Only the tab in use is checked: JSON left invalid is ignored once the General tab is back.
                rules={tab === 'json' ? configRules : []}
                validateFirst
              >
                <JsonField rows={14} />
              </Form.Item>
            ),
          },
        ]
      : []),
  ];

  return (
    <Form<DialogValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={save}
      disabled={saving}
      className={styles.form}
    >
      <Form.Item name="Title" label={t('dialog.title')} rules={titleRules} validateFirst>
        <Input maxLength={REPORT_TITLE_MAX} showCount ref={titleRef} />
      </Form.Item>
      <div className={styles.category}>
        <Form.Item
          name="HasCategory"
          label={t('dialog.categoryToggle')}
          valuePropName="checked"
          extra={hasCategory ? undefined : t('dialog.categoryToggleHelp', { group: DEFAULT_MENU_GROUP })}
        >
          <Switch />
        </Form.Item>
        {hasCategory && (
          <Form.Item
            name="Category"
            label={t('dialog.category')}
            rules={[zodRule(categoryRule, tc)]}
            className={styles.categoryName}
          >
            <Input maxLength={REPORT_CATEGORY_MAX} showCount />
          </Form.Item>
        )}
      </div>
      <Tabs activeKey={tab} onChange={(key) => changeTab(key as Tab)} items={tabs} />
      <div className={styles.footer}>
        <Button onClick={onClose} disabled={false}>
          {tc('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {tc('common.save')}
        </Button>
      </div>
    </Form>
  );
}
