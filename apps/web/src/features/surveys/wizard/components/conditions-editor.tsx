import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AudienceCondition } from '@loupe/contracts';
import { Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterFields } from '@/components/report-filter/filter-fields';
import { useFilterOptions } from '@/components/report-filter/use-filter-options';
import { useCustomDataLabel } from '@/lib/custom-data-label';
import {
  AUDIENCE_FILTER_KEYS,
  CUSTOM_DATA_PROPERTIES,
  conditionsOfDraft,
  draftOfConditions,
  type ConditionsDraft,
} from '../audience-model';

/** The longest custom-data text a condition names (the registry's CUSTOM_DATA_MAX). */
const CUSTOM_DATA_VALUE_MAX = 500;
const NO_PROBLEMS = {};
const NOTHING_DISABLED = new Set<never>();

/**
 * Conditions on channels, products, locations, transaction types, segments (the report filter's own fields) and
 * custom data, each with "exclude"; `max` conditions at most, the count shown.
 */
export function ConditionsEditor({
  value,
  onChange,
  max,
  idPrefix,
}: {
  value: AudienceCondition[];
  onChange: (conditions: AudienceCondition[]) => void;
  max: number;
  idPrefix: string;
}) {
  const { t } = useTranslation('surveys');
  const customDataLabel = useCustomDataLabel();
  // The editor's own state: a custom-data row or an "exclude" without a value yet is no condition, but stays shown.
  const [draft, setDraft] = useState<ConditionsDraft>(() => draftOfConditions(value));
  const options = useFilterOptions({ keys: AUDIENCE_FILTER_KEYS });
  const set = (next: ConditionsDraft) => {
    setDraft(next);
    onChange(conditionsOfDraft(next));
  };
  const full = value.length >= max;

  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type={value.length > max ? 'danger' : 'secondary'}>
        {t('wizard.conditions.count', { count: value.length, max })}
      </Typography.Paragraph>
      {AUDIENCE_FILTER_KEYS.map((key) => (
        <div key={key}>
          <FilterFields
            keys={[key]}
            draft={draft.filter}
            onChange={(filter) => set({ ...draft, filter })}
            options={options}
            problems={NO_PROBLEMS}
            disabled={NOTHING_DISABLED}
          />
          <Checkbox
            style={{ marginBlockStart: -16, marginBlockEnd: 16 }}
            checked={draft.excluded.has(key)}
            onChange={(event) => {
              const excluded = new Set(draft.excluded);
              if (event.target.checked) excluded.add(key);
              else excluded.delete(key);
              set({ ...draft, excluded });
            }}
          >
            {t('wizard.conditions.exclude')}
          </Checkbox>
        </div>
      ))}
      <Typography.Title level={5}>{t('wizard.conditions.customData')}</Typography.Title>
      {draft.customData.map((row, index) => {
        const change = (patch: Partial<typeof row>) =>
          set({
            ...draft,
            customData: draft.customData.map((other, i) => (i === index ? { ...other, ...patch } : other)),
          });
        return (
          <Space key={index} wrap style={{ marginBlockEnd: 8 }}>
            <Select
              aria-label={t('wizard.conditions.customField')}
              value={row.Property}
              style={{ inlineSize: 160 }}
              options={CUSTOM_DATA_PROPERTIES.map((property) => ({
                value: property,
                label: customDataLabel(property),
              }))}
              onChange={(Property: string) => change({ Property })}
            />
            <Input
              id={`${idPrefix}-custom-${index}`}
              aria-label={t('wizard.conditions.customValue')}
              value={row.Value}
              maxLength={CUSTOM_DATA_VALUE_MAX}
              style={{ inlineSize: 320 }}
              placeholder={t('wizard.conditions.customValue')}
              onChange={(event) => change({ Value: event.target.value })}
            />
            <Checkbox checked={row.Exclude} onChange={(event) => change({ Exclude: event.target.checked })}>
              {t('wizard.conditions.exclude')}
            </Checkbox>
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={t('wizard.conditions.removeCustom')}
              onClick={() => set({ ...draft, customData: draft.customData.filter((_, i) => i !== index) })}
            />
          </Space>
        );
      })}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() =>
            set({
              ...draft,
              customData: [...draft.customData, { Property: 'CustomData1', Value: '', Exclude: false }],
            })
          }
        >
          {t('wizard.conditions.addCustom')}
        </Button>
      </div>
    </Form>
  );
}
