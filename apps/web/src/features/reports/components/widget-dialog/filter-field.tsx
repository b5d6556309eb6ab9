import { Form, InputNumber, Radio, Select, Switch, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useCustomDataLabel } from '@/lib/custom-data-label';
import { useDialogText, type DynamicT } from './dialog-text';
import type { FieldContext } from './field-context';
import { FIELD_SPECS, lookupsOf } from './filter-field-specs';
import { fieldId, fieldName, SourceField, TreeSetInput } from './filter-inputs';
import {
  experienceChoices,
  impactDependantsDisabled,
  integerBounds,
  isEmptyFormValue,
  isIntegerWithin,
  isRequiredField,
  MeasurementType,
  questionChoices,
  questionSurveyIds,
  surveysOfSource,
} from './filter-rules';
import { FilterRowList } from './filter-row-lists';
import styles from './widget-dialog.module.css';

/** Fields whose fixed choices are numbers shown as they are (reports spec §9: NPS question choices 0 to 10). */
const PLAIN_NUMBER_CHOICES = new Set(['NpsGreaterThan', 'NpsLesserThan']);

function choiceLabel(tx: DynamicT, name: string, value: string | number): string {
  return PLAIN_NUMBER_CHOICES.has(name) ? String(value) : tx(`options.${name}.${value}`);
}

/**
 * One widget filter field (reports spec §3 dataFilters, §4, §5): its control, label, rules and help, by the
 * field's spec (filter-field-specs.ts); the dependent rules read `ctx.filters`.
 */
export function FilterField({ name, ctx }: { name: string; ctx: FieldContext }) {
  const { t, tx } = useDialogText();
  const customDataLabel = useCustomDataLabel();
  const spec = FIELD_SPECS[name];
  if (!spec) return null;
  if (
    spec.type === 'journeyConfigs' ||
    spec.type === 'journeyStageWeights' ||
    spec.type === 'experienceWeights'
  ) {
    return <FilterRowList name={name} type={spec.type} ctx={ctx} />;
  }

  const label = tx(`filters.${name}`);
  const id = fieldId(name);
  const value = ctx.filters[name];
  const required = isRequiredField(name, ctx.requiredFilters, ctx.filters);
  const [lookup] = lookupsOf(spec);
  const lookupState = lookup ? ctx.lookups.stateOf(lookup) : { loading: false, failed: false };
  const bounds = integerBounds(name, spec, ctx.kind);
  const surveyIds = questionSurveyIds(ctx.filters);
  const impactOff = name === 'ImpactValueType' && impactDependantsDisabled(ctx.filters.ImpactType);
  const disabled =
    impactOff || (spec.type === 'question' && surveyIds.length === 0 && isEmptyFormValue(value));

  const rules: FormRule[] = [];
  if (required) {
    rules.push({
      validator: (_rule, current: unknown) =>
        isEmptyFormValue(current)
          ? Promise.reject(new Error(t('validation.fieldRequired', { field: label })))
          : Promise.resolve(),
    });
  }
  if (bounds && spec.type === 'integer') {
    rules.push({
      validator: (_rule, current: unknown) =>
        isIntegerWithin(current, bounds)
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.integerRange', bounds))),
    });
  }

  const moreTags = (omitted: unknown[]) => t('options.moreTags', { count: omitted.length });
  const select = (options: unknown[], extra: { multiple?: boolean; placeholder?: string } = {}) => (
    <Select
      id={id}
      allowClear={!required && name !== 'SessionStatus'}
      showSearch={{ optionFilterProp: 'label' }}
      mode={extra.multiple ? 'multiple' : undefined}
      maxTagCount={extra.multiple ? 2 : undefined}
      maxTagPlaceholder={moreTags}
      options={options as { value: string | number; label: string }[]}
      loading={lookupState.loading}
      disabled={disabled}
      placeholder={extra.placeholder ?? (required ? undefined : t('options.any'))}
      notFoundContent={t('options.noOptions')}
      className={styles.control}
    />
  );

  let help: string | undefined;
  let control: ReactNode;
  let before: ReactNode = null;
  switch (spec.type) {
    case 'surveys': {
      const source = ctx.filters.SourceSelectionForSurvey === 'dataSource' ? 'dataSource' : 'survey';
      before = (
        <SourceField
          flow={false}
          dataCollectorActive={ctx.dataCollectorActive}
          value={ctx.filters.SourceSelectionForSurvey}
        />
      );
      control = select(
        surveysOfSource(ctx.lookups.surveys, source).map((survey) => ({
          value: survey.Id,
          label: survey.SourceName ? `${survey.Title} (${survey.SourceName})` : survey.Title,
        })),
        { multiple: true },
      );
      break;
    }
    case 'survey':
      control = select(
        surveysOfSource(ctx.lookups.surveys, 'survey').map((survey) => ({
          value: survey.Id,
          label: survey.Title,
        })),
      );
      break;
    case 'surveyFlow': {
      const source = ctx.filters.SourceSelectionForSurveyFlow === 'dataSource' ? 'dataSource' : 'surveyFlow';
      before = (
        <SourceField
          flow
          dataCollectorActive={ctx.dataCollectorActive}
          value={ctx.filters.SourceSelectionForSurveyFlow}
        />
      );
      control = select(
        surveysOfSource(ctx.lookups.surveys, source).flatMap((survey) =>
          survey.Flows.map((flow) => ({ value: flow.Id, label: `${survey.Title} · ${flow.Name}` })),
        ),
      );
      break;
    }
    case 'question':
      if (spec.only === 'matrix') {
        help = name === 'OrderedQuestionIds' ? t('help.OrderedQuestionIds') : t('help.matrix');
      }
      control = select(
        questionChoices(ctx.lookups.questions, { surveyIds, only: spec.only }).map((question) => ({
          value: question.Id,
          label: question.Text,
        })),
        {
          multiple: spec.multiple,
          placeholder: surveyIds.length === 0 ? t('options.chooseSurveyFirst') : undefined,
        },
      );
      break;
    case 'experience':
      if (Number(ctx.measurementType) === MeasurementType.CustomMetric) help = t('help.customMetric');
      control = select(
        experienceChoices(ctx.lookups.experiences, ctx.measurementType).map((experience) => ({
          value: experience.Id,
          label: experience.Name,
        })),
        { multiple: spec.multiple },
      );
      break;
    case 'integer':
      if (name === 'Limit' && bounds) help = t('help.Limit', { max: bounds.max });
      // A custom data slot is chosen by the tenant's name for it (custom data management), saved as its number.
      control =
        name === 'CustomDataNo' && bounds ? (
          select(
            Array.from({ length: bounds.max - bounds.min + 1 }, (_, index) => ({
              value: bounds.min + index,
              label: customDataLabel(bounds.min + index),
            })),
          )
        ) : (
          <InputNumber id={id} min={bounds?.min} max={bounds?.max} precision={0} className={styles.control} />
        );
      break;
    case 'level':
      control = select(
        Array.from({ length: spec.max }, (_, index) => ({
          value: index + 1,
          label: t('options.level', { level: index + 1 }),
        })),
      );
      break;
    case 'choice': {
      const options = spec.values.map((choice) => ({ value: choice, label: choiceLabel(tx, name, choice) }));
      if (name === 'Scale') help = t('help.Scale');
      if (impactOff) help = t('help.impactDisabled');
      control = spec.radio ? (
        <Radio.Group id={id} options={options} disabled={disabled} />
      ) : (
        select(options, { multiple: spec.multiple })
      );
      break;
    }
    case 'boolean':
      return (
        <Form.Item
          name={fieldName(name)}
          label={label}
          valuePropName="checked"
          htmlFor={id}
          extra={name === 'ShowConfidence' ? t('help.ShowConfidence') : undefined}
        >
          <Switch id={id} />
        </Form.Item>
      );
    case 'treeSet':
      control = (
        <TreeSetInput
          id={id}
          nodes={ctx.lookups.trees[spec.tree]}
          loading={lookupState.loading}
          placeholder={t('options.any')}
        />
      );
      break;
    case 'transactionTypes':
      control = select(
        ctx.lookups.transactionTypes.map((item) => ({ value: item.Id, label: item.Name })),
        { multiple: true },
      );
      break;
    case 'segments':
      control = select(
        ctx.lookups.segments.map((group) => ({
          label: group.Name,
          title: group.Name,
          options: group.Children.map((segment) => ({ value: segment.Value, label: segment.Name })),
        })),
        { multiple: true },
      );
      break;
    case 'segmentGroup':
      control = select(ctx.lookups.segments.map((group) => ({ value: group.Id, label: group.Name })));
      break;
    case 'topicModel': {
      // The emotion curve reads an emotion model; the other widgets read topic models.
      const emotion = ctx.kind === 'EmotionCurveChart';
      control = select(
        ctx.lookups.topicModels
          .filter((model) => model.IsEmotionModel === emotion)
          .map((model) => ({ value: model.Id, label: model.Name })),
        { multiple: spec.multiple },
      );
      break;
    }
  }

  return (
    <>
      {before}
      <Form.Item
        name={fieldName(name)}
        label={label}
        htmlFor={id}
        required={required}
        rules={rules}
        help={lookupState.failed ? t('options.unavailable') : undefined}
        extra={help}
        validateFirst
      >
        {control}
      </Form.Item>
    </>
  );
}
