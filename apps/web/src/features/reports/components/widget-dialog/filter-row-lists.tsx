import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, type FormRule } from 'antd';
import { useId, type ReactNode } from 'react';
import { useDialogText } from './dialog-text';
import { JOURNEY_MAX, JOURNEY_NAME_MAX } from './filter-field-specs';
import type { FieldContext } from './field-context';
import { fieldName } from './filter-inputs';
import { isEmptyFormValue, isRequiredField, surveysOfSource } from './filter-rules';
import styles from './widget-dialog.module.css';

type RowListType = 'journeyConfigs' | 'journeyStageWeights' | 'experienceWeights';

const oneToFifty = Array.from({ length: JOURNEY_MAX }, (_, index) => ({
  value: index + 1,
  label: String(index + 1),
}));

/**
 * The row filters (reports spec §3, §5): JourneyConfigs (survey, journey id 1-50, name, order 1-50, each
 * required), JourneyStageWeights (stage and weight) and ExperienceWeights (experience and weight, both
 * required; a weighted experience group can fill the rows). A required list needs at least one row.
 */
export function FilterRowList({ name, type, ctx }: { name: string; type: RowListType; ctx: FieldContext }) {
  const { t, tx } = useDialogText();
  const form = Form.useFormInstance();
  const legendId = useId();
  const required = isRequiredField(name, ctx.requiredFilters, ctx.filters);
  const listRules = required
    ? [
        {
          validator: async (_rule: unknown, rows: unknown) => {
            if (isEmptyFormValue(rows)) throw new Error(t('validation.rowsRequired'));
          },
        },
      ]
    : [];
  const need = (message: string): FormRule[] => [
    {
      validator: (_rule, value: unknown) =>
        isEmptyFormValue(value) ? Promise.reject(new Error(message)) : Promise.resolve(),
    },
  ];
  const weightRules: FormRule[] = [
    ...need(t('validation.weightRequired')),
    {
      validator: (_rule, value: unknown) =>
        isEmptyFormValue(value) || Number(value) >= 0
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.weightInvalid'))),
    },
  ];
  const selectProps = {
    showSearch: { optionFilterProp: 'label' },
    className: styles.control,
    notFoundContent: t('options.noOptions'),
  } as const;

  const rowFields = (row: number): ReactNode => {
    switch (type) {
      case 'journeyConfigs':
        return (
          <>
            <Form.Item
              name={[row, 'SurveyId']}
              label={t('journey.survey')}
              rules={need(t('validation.journeySurveyRequired'))}
              required
            >
              <Select
                {...selectProps}
                loading={ctx.lookups.stateOf('surveys').loading}
                options={surveysOfSource(ctx.lookups.surveys, 'survey').map((survey) => ({
                  value: survey.Id,
                  label: survey.Title,
                }))}
              />
            </Form.Item>
            <Form.Item
              name={[row, 'JourneyId']}
              label={t('journey.id')}
              rules={need(t('validation.journeyIdRequired'))}
              required
            >
              <Select {...selectProps} options={oneToFifty} />
            </Form.Item>
            <Form.Item
              name={[row, 'JourneyName']}
              label={t('journey.name')}
              required
              rules={[
                ...need(t('validation.journeyNameRequired')),
                {
                  max: JOURNEY_NAME_MAX,
                  message: t('validation.journeyNameTooLong', { max: JOURNEY_NAME_MAX }),
                },
              ]}
            >
              <Input maxLength={JOURNEY_NAME_MAX} />
            </Form.Item>
            <Form.Item
              name={[row, 'JourneyOrder']}
              label={t('journey.order')}
              rules={need(t('validation.journeyOrderRequired'))}
              required
            >
              <Select {...selectProps} options={oneToFifty} />
            </Form.Item>
          </>
        );
      case 'journeyStageWeights':
        return (
          <>
            <Form.Item
              name={[row, 'JourneyStageName']}
              label={t('weights.stage')}
              rules={need(t('validation.stageRequired'))}
              required
            >
              <Select
                {...selectProps}
                loading={ctx.lookups.stateOf('journeyStages').loading}
                options={[...ctx.lookups.journeyStages]
                  .sort((a, b) => a.Order - b.Order)
                  .map((stage) => ({ value: stage.Name, label: stage.Name }))}
              />
            </Form.Item>
            <Form.Item name={[row, 'Weight']} label={t('weights.weight')} rules={weightRules} required>
              <InputNumber min={0} className={styles.control} />
            </Form.Item>
          </>
        );
      case 'experienceWeights':
        return (
          <>
            <Form.Item
              name={[row, 'ExperienceId']}
              label={t('weights.experience')}
              rules={need(t('validation.experienceRequired'))}
              required
            >
              <Select
                {...selectProps}
                loading={ctx.lookups.stateOf('experiences').loading}
                options={ctx.lookups.experiences.map((experience) => ({
                  value: experience.Id,
                  label: experience.Name,
                }))}
              />
            </Form.Item>
            <Form.Item name={[row, 'Weight']} label={t('weights.weight')} rules={weightRules} required>
              <InputNumber min={0} className={styles.control} />
            </Form.Item>
          </>
        );
    }
  };

  const journey = type === 'journeyConfigs';
  const groups = ctx.lookups.weightedExperienceGroups;
  return (
    <fieldset className={styles.rows} aria-labelledby={legendId}>
      <legend id={legendId} className={`${styles.rowsLegend} ${required ? styles.required : ''}`}>
        {tx(`filters.${name}`)}
      </legend>
      {type === 'experienceWeights' && groups.length > 0 && (
        <Form.Item label={t('weights.fromGroup')}>
          <Select
            {...selectProps}
            value={null}
            placeholder={t('weights.fromGroupPlaceholder')}
            options={groups.map((group) => ({ value: group.Id, label: group.Name }))}
            onChange={(groupId: number) => {
              const group = groups.find((item) => item.Id === groupId);
              if (!group) return;
              form.setFields([
                {
                  name: fieldName(name),
                  value: group.Items.map((item) => ({
                    ExperienceId: item.ExperienceId,
                    Weight: item.Weight,
                  })),
                },
              ]);
            }}
          />
        </Form.Item>
      )}
      <Form.List name={fieldName(name)} rules={listRules}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map(({ key, name: row }, index) => (
              <div
                key={key}
                className={styles.row}
                role="group"
                aria-label={
                  journey ? t('journey.row', { index: index + 1 }) : t('weights.row', { index: index + 1 })
                }
              >
                {rowFields(row)}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  className={styles.rowRemove}
                  aria-label={
                    journey
                      ? t('journey.remove', { index: index + 1 })
                      : t('weights.remove', { index: index + 1 })
                  }
                  onClick={() => remove(row)}
                />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add()}>
              {journey ? t('journey.add') : t('weights.add')}
            </Button>
            {errors.length > 0 && (
              <div role="alert" className={styles.listError}>
                {errors}
              </div>
            )}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
