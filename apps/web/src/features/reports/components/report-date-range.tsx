import {
  availablePresets,
  clampRange,
  DATE_FORMAT,
  type DatePreset,
  isDisabledDay,
  presetOfRange,
  presetRange,
} from '@loupe/contracts';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportTime } from '../report-filter-params';
import styles from './report-page.module.css';

/**
 * The report's date-range picker (reports spec §2, §9): DD/MM/YYYY, no day after today nor before the licence
 * retention allows, and the presets that retention permits. A picked preset is remembered by name.
 */
export function ReportDateRange({
  value,
  retentionMonths,
  onChange,
}: {
  value: ReportTime;
  retentionMonths: number;
  onChange: (time: ReportTime) => void;
}) {
  const { t } = useTranslation('reports');
  const id = useId();
  const presets = availablePresets(retentionMonths);
  // The picker works a preset's days out when it is hovered and again when it is clicked, then reports only the
  // days; the last preset asked for names the range when it covers those days (two presets can cover the same).
  const lastAsked = useRef<DatePreset | undefined>(undefined);

  return (
    <div className={styles.range}>
      <label htmlFor={id}>{t('datePresets.label')}</label>
      <DatePicker.RangePicker
        id={{ start: id }}
        format={DATE_FORMAT}
        allowClear={false}
        value={value.range}
        disabledDate={(day) => isDisabledDay(day, dayjs(), retentionMonths)}
        placeholder={[t('datePresets.start'), t('datePresets.end')]}
        presets={presets.map((preset) => ({
          label: t(`datePresets.${preset}`),
          value: () => {
            lastAsked.current = preset;
            return clampRange(presetRange(preset, dayjs()), dayjs(), retentionMonths);
          },
        }))}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (!from || !to) return;
          const picked = lastAsked.current;
          lastAsked.current = undefined;
          onChange({ range: [from, to], period: presetOfRange([from, to], dayjs(), presets, picked) });
        }}
      />
    </div>
  );
}
