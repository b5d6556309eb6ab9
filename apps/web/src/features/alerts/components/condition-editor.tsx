import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALERT_CONDITION_KINDS,
  ALERT_RULE_LIMITS,
  ALERT_SENTIMENTS,
  NPS_AUDIENCES,
  type AlertConditionKind,
  type AlertOperator,
  type QuestionLookupItem,
} from '@loupe/contracts';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFilterList, useSurveyQuestions } from '@/components/report-filter';
import { useCustomDataLabel } from '@/lib/custom-data-label';
import {
  NEW_CONDITION,
  conditionOfRow,
  operatorsOf,
  takesQuestion,
  valueInputOf,
  type ConditionRow,
  type ValueOptions,
} from '../rule-conditions';
import styles from './alerts.module.css';

type Option = { value: number | string; label: string };
type OptionGroup = { label: string; title: string; options: Option[] };

/**
 * The rule's conditions (at most 20): each a kind, the question of the chosen surveys it looks at (or any, or a
 * custom data field), an operator the kind takes, and a value entered as the kind and operator need.
 */
export function ConditionEditor({ surveyIds }: { surveyIds: number[] }) {
  const { t } = useTranslation('alerts');
  const { t: tCommon } = useTranslation();
  const form = Form.useFormInstance();
  const questions = useSurveyQuestions(surveyIds);
  const topicModels = useFilterList('topicModels');
  const customDataLabel = useCustomDataLabel();

  const topicOptions = (emotion: boolean): OptionGroup[] =>
    (topicModels.data ?? [])
      .filter((model) => model.IsEmotionModel === emotion)
      .map((model) => ({
        label: model.Name,
        title: model.Name,
        options: model.Topics.map((topic) => ({ value: topic.Id, label: topic.Name })),
      }));
  const optionsOf = (
    kind: ValueOptions,
    question: QuestionLookupItem | undefined,
  ): (Option | OptionGroup)[] => {
    switch (kind) {
      case 'choices':
        return (question?.Choices ?? []).map((choice) => ({ value: choice.Value, label: choice.Label }));
      case 'audiences':
        return NPS_AUDIENCES.map((value) => ({ value, label: t(`rule.audiences.${value}`) }));
      case 'sentiments':
        return ALERT_SENTIMENTS.map((value) => ({ value, label: t(`rule.sentiments.${value}`) }));
      case 'topics':
        return topicOptions(false);
      case 'emotions':
        return topicOptions(true);
    }
  };

  return (
    <Form.List
      name="Conditions"
      rules={[
        {
          validator: (_rule, rows: ConditionRow[] | undefined) =>
            rows && rows.length > 0 ? Promise.resolve() : Promise.reject(new Error(tCommon('form.required'))),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div role="group" aria-label={t('rule.fields.conditions')}>
          {fields.map((field, index) => {
            const row =
              (form.getFieldValue(['Conditions', field.name]) as ConditionRow | undefined) ?? NEW_CONDITION;
            const input = valueInputOf(row.Kind, row.Operator);
            const question = questions.questions.find((item) => item.Id === row.QuestionId);
            const number = index + 1;
            const label = (name: string) => t('rule.conditionField', { number, name });
            // A choice condition without a question takes choice values as numbers.
            const withoutChoices = input.input === 'select' && input.options === 'choices' && !question;
            return (
              <div key={field.key} className={styles.condition}>
                <Form.Item name={[field.name, 'Kind']} className={styles.conditionItem}>
                  <Select<AlertConditionKind>
                    aria-label={label(t('rule.condition.kind'))}
                    options={ALERT_CONDITION_KINDS.map((kind) => ({
                      value: kind,
                      label: t(`rule.kinds.${kind}`),
                    }))}
                  />
                </Form.Item>
                {takesQuestion(row.Kind) ? (
                  <Form.Item name={[field.name, 'QuestionId']} className={styles.conditionItem}>
                    <Select<number | null>
                      aria-label={label(t('rule.condition.question'))}
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={questions.isLoading}
                      options={[
                        { value: null, label: t('rule.condition.anyQuestion') },
                        ...questions.questions.map((item) => ({
                          value: item.Id,
                          label: item.Code ? `${item.Code} – ${item.Text}` : item.Text,
                        })),
                      ]}
                      notFoundContent={t('rule.condition.chooseSurveys')}
                    />
                  </Form.Item>
                ) : (
                  <Form.Item name={[field.name, 'CustomDataNo']} className={styles.conditionItem}>
                    <Select<number>
                      aria-label={label(t('rule.condition.customData'))}
                      options={Array.from({ length: 10 }, (_item, slot) => ({
                        value: slot + 1,
                        label: customDataLabel(slot + 1),
                      }))}
                    />
                  </Form.Item>
                )}
                <Form.Item name={[field.name, 'Operator']} className={styles.conditionItem}>
                  <Select<AlertOperator>
                    aria-label={label(t('rule.condition.operator'))}
                    options={operatorsOf(row.Kind).map((operator) => ({
                      value: operator,
                      label: t(`rule.operators.${operator}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'Value']}
                  className={styles.conditionItem}
                  rules={[
                    {
                      validator: () =>
                        conditionOfRow(form.getFieldValue(['Conditions', field.name]) as ConditionRow)
                          ? Promise.resolve()
                          : Promise.reject(new Error(tCommon('form.required'))),
                    },
                  ]}
                >
                  {input.input === 'range' ? (
                    <RangeInput label={label(t('rule.condition.value'))} />
                  ) : input.input === 'text' ? (
                    <Input
                      aria-label={label(t('rule.condition.value'))}
                      maxLength={ALERT_RULE_LIMITS.textValueMax}
                    />
                  ) : input.input === 'number' || (withoutChoices && !input.multiple) ? (
                    <InputNumber aria-label={label(t('rule.condition.value'))} className={styles.control} />
                  ) : input.input === 'numbers' || withoutChoices ? (
                    <NumbersInput
                      label={label(t('rule.condition.value'))}
                      placeholder={t('rule.condition.numbers')}
                    />
                  ) : (
                    <Select
                      aria-label={label(t('rule.condition.value'))}
                      mode={input.multiple ? 'multiple' : undefined}
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={
                        input.options === 'topics' || input.options === 'emotions'
                          ? topicModels.isLoading
                          : false
                      }
                      options={optionsOf(input.options, question)}
                      className={styles.control}
                    />
                  )}
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('rule.condition.remove', { number })}
                  title={t('rule.condition.remove', { number })}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={fields.length >= ALERT_RULE_LIMITS.conditionsMax}
            onClick={() => add({ ...NEW_CONDITION })}
          >
            {t('rule.condition.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** A score range `[min, max]`. */
function RangeInput({
  value,
  onChange,
  label,
}: {
  value?: unknown;
  onChange?: (value: [number | null, number | null]) => void;
  label: string;
}) {
  const { t } = useTranslation('alerts');
  const [min = null, max = null] = Array.isArray(value) ? (value as (number | null)[]) : [];
  return (
    <div className={styles.range} role="group" aria-label={label}>
      <InputNumber
        aria-label={t('rule.condition.min')}
        placeholder={t('rule.condition.min')}
        value={min}
        onChange={(next) => onChange?.([next, max])}
      />
      <span aria-hidden="true">–</span>
      <InputNumber
        aria-label={t('rule.condition.max')}
        placeholder={t('rule.condition.max')}
        value={max}
        onChange={(next) => onChange?.([min, next])}
      />
    </div>
  );
}

/** A list of numbers, typed one after another (Enter or comma). */
function NumbersInput({
  value,
  onChange,
  label,
  placeholder,
}: {
  value?: unknown;
  onChange?: (value: number[]) => void;
  label: string;
  placeholder: string;
}) {
  const numbers = Array.isArray(value) ? (value as number[]) : [];
  return (
    <Select<string[]>
      aria-label={label}
      mode="tags"
      tokenSeparators={[',', ' ']}
      open={false}
      placeholder={placeholder}
      value={numbers.map(String)}
      onChange={(items) => onChange?.(items.map(Number).filter((item) => Number.isFinite(item)))}
      className={styles.control}
    />
  );
}
