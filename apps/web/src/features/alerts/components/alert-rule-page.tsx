import {
  ALERT_LOGICS,
  ALERT_OWNER_TYPES,
  ALERT_PLACEHOLDERS,
  ALERT_RULE_LIMITS,
  ErrorCode,
  alertRuleSaveSchema,
  type AlertRule,
  type AlertRuleSave,
  type LookupTreeNode,
} from '@loupe/contracts';
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { fieldOfCode, fieldOfDetails, type RefusalField } from '@/components/admin-page/refusal-field';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { FilterTreeSelect, useFilterList, useFilterTree } from '@/components/report-filter';
import { zodRule } from '@/lib/form-rules';
import {
  ALERT_RULES_PATH,
  useAlertRule,
  useRoleChoices,
  useSaveAlertRule,
  useUserChoices,
} from '../api/alert-rules';
import { adjustCondition, conditionOfRow, NEW_CONDITION, type ConditionRow } from '../rule-conditions';
import { ConditionEditor } from './condition-editor';
import { DeleteAlertRuleButton } from './delete-alert-rule-button';
import styles from './alerts.module.css';

type Values = {
  Title: string;
  SurveyIds: number[];
  ProductIds: number[];
  TransactionChannelIds: number[];
  Logic: 'and' | 'or';
  Conditions: ConditionRow[];
  OwnerType: 'user' | 'role';
  OwnerId: number | undefined;
  DueHours: number;
  EmailSubject: string;
  EmailBody: string;
  IsActive: boolean;
};

const FIELDS = [
  'Title',
  'SurveyIds',
  'ProductIds',
  'TransactionChannelIds',
  'Logic',
  'Conditions',
  'OwnerType',
  'OwnerId',
  'DueHours',
  'EmailSubject',
  'EmailBody',
  'IsActive',
] as const satisfies readonly (keyof Values)[];

const byCode = fieldOfCode<Values>({ [ErrorCode.AlertRuleNameExists]: 'Title' });
const byDetails = fieldOfDetails<Values>(FIELDS);
/** A title in use (2400) goes under Title, a refused field under its own; others above the form. */
const ruleRefusalField: RefusalField<Values> = (error) => byCode(error) ?? byDetails(error);

const { shape } = alertRuleSaveSchema;
/** The tree-select fields: products and channels (a region covers its branches). */
const TREE_FIELDS = ['ProductIds', 'TransactionChannelIds'] as const;

/** `/alert-rules/create` and `/alert-rules/{id}`. */
export function AlertRulePage() {
  const { t } = useTranslation('alerts');
  return (
    <RecordLoader
      query={useRouteRecord(useAlertRule)}
      title={t('rule.title')}
      back={{ to: ALERT_RULES_PATH, label: t('rule.back') }}
      size="large"
      notFound={t('rule.notFound')}
      loadFailed={t('rule.loadFailed')}
    >
      {(rule) => <AlertRuleForm key={rule?.Id} rule={rule} />}
    </RecordLoader>
  );
}

/** A tree select of channels or products inside a form item (value and onChange come from the item). */
function TreeField({
  id,
  nodes,
  loading,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  nodes: readonly LookupTreeNode[];
  loading: boolean;
  value?: number[];
  onChange?: (ids: number[]) => void;
  placeholder: string;
}) {
  return (
    <FilterTreeSelect
      id={id}
      nodes={nodes}
      loading={loading}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      placeholder={placeholder}
    />
  );
}

/** Inserts `{{Name}}` at the end of a field of the form. */
function PlaceholderPicker({
  form,
  field,
  label,
}: {
  form: FormInstance<Values>;
  field: 'EmailSubject' | 'EmailBody';
  label: string;
}) {
  const { t } = useTranslation('alerts');
  return (
    <Select<string>
      aria-label={label}
      placeholder={t('rule.insertPlaceholder')}
      value={null}
      showSearch={{ optionFilterProp: 'label' }}
      options={ALERT_PLACEHOLDERS.map((name) => ({
        value: name,
        label: `${t(`rule.placeholders.${name}`)} {{${name}}}`,
      }))}
      onChange={(name) => {
        const current = (form.getFieldValue(field) as string | undefined) ?? '';
        const separator = current === '' || current.endsWith(' ') || current.endsWith('\n') ? '' : ' ';
        form.setFieldValue(field, `${current}${separator}{{${name}}}`);
        void form.validateFields([field]);
      }}
      style={{ minInlineSize: 260 }}
    />
  );
}

function AlertRuleForm({ rule }: { rule?: AlertRule }) {
  const { t } = useTranslation('alerts');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveAlertRule();
  const surveys = useFilterList('surveys');
  const channels = useFilterTree('channels');
  const products = useFilterTree('products');
  const users = useUserChoices();
  const roles = useRoleChoices();
  const trees = {
    ProductIds: { label: t('rule.fields.products'), tree: products },
    TransactionChannelIds: { label: t('rule.fields.channels'), tree: channels },
  };
  const surveyIds = Form.useWatch('SurveyIds', form) ?? rule?.SurveyIds ?? [];
  const ownerType = Form.useWatch('OwnerType', form) ?? rule?.OwnerType ?? 'user';
  const handlers = useSaveHandlers({
    form,
    fieldOf: ruleRefusalField,
    listPath: ALERT_RULES_PATH,
    savedMessage: (saved: AlertRule) => t('rule.saved', { name: saved.Title }),
  });

  const initialValues: Values = {
    Title: rule?.Title ?? '',
    SurveyIds: rule?.SurveyIds ?? [],
    ProductIds: rule?.ProductIds ?? [],
    TransactionChannelIds: rule?.TransactionChannelIds ?? [],
    Logic: rule?.Logic ?? 'and',
    Conditions: rule?.Conditions.map((condition) => ({ ...condition })) ?? [{ ...NEW_CONDITION }],
    OwnerType: rule?.OwnerType ?? 'user',
    OwnerId: rule?.OwnerId ?? undefined,
    DueHours: rule?.DueHours ?? 48,
    EmailSubject: rule?.EmailSubject ?? '',
    EmailBody: rule?.EmailBody ?? '',
    IsActive: rule?.IsActive ?? true,
  };

  const submit = (values: Values) => {
    const body: AlertRuleSave = {
      ...values,
      OwnerId: values.OwnerId ?? 0,
      Conditions: values.Conditions.map(conditionOfRow).filter((condition) => condition !== undefined),
    };
    save.mutate({ id: rule?.Id, body }, handlers);
  };

  const listed =
    ownerType === 'role'
      ? (roles.data ?? []).map((role) => ({ value: role.Id, label: role.Name }))
      : (users.data ?? []).map((user) => ({ value: user.Id, label: `${user.FullName} (${user.UserName})` }));
  // The rule's owner by name even when the caller may not list users or roles (without alert:manage).
  const saved =
    rule?.OwnerType === ownerType &&
    rule.OwnerId !== null &&
    !listed.some((option) => option.value === rule.OwnerId)
      ? [{ value: rule.OwnerId, label: rule.OwnerName ?? String(rule.OwnerId) }]
      : [];
  const ownerOptions = [...saved, ...listed];

  return (
    <AdminPage
      title={rule ? t('rule.editTitle', { name: rule.Title }) : t('rule.createTitle')}
      back={{ to: ALERT_RULES_PATH, label: t('rule.back') }}
      size="large"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={ruleRefusalField}
        listPath={ALERT_RULES_PATH}
        onValuesChange={(changed: Partial<Values>, values) => {
          // A kind or operator changed: keep the row's operator and value only while they fit.
          if (changed.Conditions) {
            const adjusted = values.Conditions.map((row) => adjustCondition(row ?? NEW_CONDITION));
            if (JSON.stringify(adjusted) !== JSON.stringify(values.Conditions))
              form.setFieldValue('Conditions', adjusted);
          }
          if (changed.OwnerType) form.setFieldValue('OwnerId', undefined);
        }}
        footerExtra={
          rule && <DeleteAlertRuleButton rule={rule} onDeleted={() => void navigate(ALERT_RULES_PATH)} />
        }
      >
        <Form.Item name="Title" label={t('rule.fields.title')} rules={[zodRule(shape.Title, tCommon)]}>
          <Input maxLength={ALERT_RULE_LIMITS.titleMax} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="SurveyIds"
          label={t('rule.fields.surveys')}
          rules={[zodRule(shape.SurveyIds, tCommon)]}
        >
          <Select<number[]>
            mode="multiple"
            loading={surveys.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
          />
        </Form.Item>
        {TREE_FIELDS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={trees[name].label}
            extra={t('rule.help.tree')}
            htmlFor={`alert-rule-${name}`}
            rules={[zodRule(shape[name], tCommon)]}
          >
            <TreeField
              id={`alert-rule-${name}`}
              nodes={trees[name].tree.data ?? []}
              loading={trees[name].tree.isLoading}
              placeholder={t('rule.choose')}
            />
          </Form.Item>
        ))}
        <Form.Item name="Logic" label={t('rule.fields.logic')} extra={t('rule.help.logic')}>
          <Radio.Group
            options={ALERT_LOGICS.map((logic) => ({ value: logic, label: t(`rule.logic.${logic}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('rule.fields.conditions')} required>
          <ConditionEditor surveyIds={surveyIds} />
        </Form.Item>
        <div className={styles.row}>
          <Form.Item name="OwnerType" label={t('rule.fields.ownerType')}>
            <Radio.Group
              options={ALERT_OWNER_TYPES.map((type) => ({
                value: type,
                label: t(`rule.ownerTypes.${type}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="OwnerId"
            label={t('rule.fields.owner')}
            rules={[{ required: true, message: tCommon('form.required') }]}
            style={{ flex: 1, minInlineSize: 240 }}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={ownerType === 'role' ? roles.isLoading : users.isLoading}
              options={ownerOptions}
            />
          </Form.Item>
          <Form.Item
            name="DueHours"
            label={t('rule.fields.dueHours')}
            extra={t('rule.help.dueHours')}
            rules={[zodRule(shape.DueHours, tCommon)]}
          >
            <InputNumber min={1} max={ALERT_RULE_LIMITS.dueHoursMax} precision={0} />
          </Form.Item>
        </div>
        <Form.Item label={t('rule.fields.emailSubject')} required={false}>
          <div className={styles.row}>
            <Form.Item name="EmailSubject" noStyle rules={[zodRule(shape.EmailSubject, tCommon)]}>
              <Input
                dir="auto"
                aria-label={t('rule.fields.emailSubject')}
                maxLength={ALERT_RULE_LIMITS.subjectMax}
                style={{ flex: 1, minInlineSize: 240 }}
              />
            </Form.Item>
            <PlaceholderPicker
              form={form}
              field="EmailSubject"
              label={t('rule.placeholderFor', { field: t('rule.fields.emailSubject') })}
            />
          </div>
        </Form.Item>
        <Form.Item label={t('rule.fields.emailBody')} extra={t('rule.help.emailBody')}>
          <div className={styles.stack} style={{ gap: 8 }}>
            <PlaceholderPicker
              form={form}
              field="EmailBody"
              label={t('rule.placeholderFor', { field: t('rule.fields.emailBody') })}
            />
            <Form.Item name="EmailBody" noStyle rules={[zodRule(shape.EmailBody, tCommon)]}>
              <Input.TextArea
                dir="auto"
                aria-label={t('rule.fields.emailBody')}
                rows={6}
                maxLength={ALERT_RULE_LIMITS.bodyMax}
              />
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item name="IsActive" label={t('rule.fields.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
