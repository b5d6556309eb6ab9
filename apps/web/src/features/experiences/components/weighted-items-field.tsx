import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { WEIGHTED_GROUP_MAX_ITEMS, WEIGHT_MAX, type CalculableExperience } from '@loupe/contracts';
import { Button, Form, InputNumber, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMeasurementTypeName } from './measurement-type';
import styles from './metadata.module.css';

/** One row of the form: both are required before the group can be saved (shell spec §5). */
export type WeightedItemValue = { ExperienceId?: number; Weight?: number | null };

type Props = {
  experiences: readonly CalculableExperience[];
  loading: boolean;
};

/** The group's rows of experience and weight: add, remove, at least one and at most 50, each experience once. */
export function WeightedItemsField({ experiences, loading }: Props) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const form = Form.useFormInstance();
  const typeName = useMeasurementTypeName();
  const options = experiences.map((experience) => ({
    value: experience.Id,
    label: `${experience.Name} (${typeName(experience.MeasurementType)})`,
  }));

  const atLeastOne = (_rule: unknown, items: WeightedItemValue[] | undefined) =>
    items && items.length > 0
      ? Promise.resolve()
      : Promise.reject(new Error(t('weightedGroups.form.atLeastOne')));

  const distinctRule = (index: number): FormRule => ({
    validator: (_rule, value: number | undefined) => {
      const items = (form.getFieldValue('Items') ?? []) as WeightedItemValue[];
      const clash = items.some(
        (item, other) => other !== index && value !== undefined && item.ExperienceId === value,
      );
      return clash ? Promise.reject(new Error(t('weightedGroups.duplicateExperience'))) : Promise.resolve();
    },
  });

  const weightRule: FormRule = {
    validator: (_rule, value: number | null | undefined) =>
      value === null || value === undefined || (Number.isFinite(value) && value > 0 && value <= WEIGHT_MAX)
        ? Promise.resolve()
        : Promise.reject(new Error(t('weightedGroups.form.weightRange', { max: WEIGHT_MAX }))),
  };

  return (
    <Form.List name="Items" rules={[{ validator: atLeastOne }]}>
      {(fields, { add, remove }, { errors }) => (
        <fieldset className={styles.items}>
          <legend className={styles.itemsLegend}>{t('weightedGroups.fields.items')}</legend>
          {fields.map((field, index) => (
            <div key={field.key} className={styles.itemRow}>
              <Form.Item
                className={styles.itemExperience}
                name={[field.name, 'ExperienceId']}
                label={t('weightedGroups.fields.experience', { number: index + 1 })}
                rules={[{ required: true, message: tCommon('form.required') }, distinctRule(index)]}
                // Choosing an experience in one row can clear or cause a clash in another.
                dependencies={fields
                  .filter((other) => other.key !== field.key)
                  .map((other) => ['Items', other.name, 'ExperienceId'])}
              >
                <Select
                  showSearch
                  loading={loading}
                  options={options}
                  optionFilterProp="label"
                  placeholder={t('weightedGroups.form.chooseExperience')}
                />
              </Form.Item>
              <Form.Item
                className={styles.itemWeight}
                name={[field.name, 'Weight']}
                label={t('weightedGroups.fields.weight', { number: index + 1 })}
                rules={[{ required: true, message: tCommon('form.required') }, weightRule]}
              >
                <InputNumber className={styles.weightInput} min={0} max={WEIGHT_MAX} step={0.1} />
              </Form.Item>
              <Button
                className={styles.itemRemove}
                type="text"
                icon={<MinusCircleOutlined />}
                disabled={fields.length <= 1}
                onClick={() => remove(field.name)}
                aria-label={t('weightedGroups.form.removeItem', { number: index + 1 })}
              />
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= WEIGHTED_GROUP_MAX_ITEMS}
            onClick={() => add({ ExperienceId: undefined, Weight: 1 })}
          >
            {t('weightedGroups.form.addItem')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
