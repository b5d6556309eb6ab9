import {
  availablePresets,
  clampRange,
  DATE_FORMAT,
  isDisabledDay,
  presetOfRange,
  presetRange,
} from '@loupe/contracts';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
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
          value: () => clampRange(presetRange(preset, dayjs()), dayjs(), retentionMonths),
        }))}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (!from || !to) return;
          const now = dayjs();
          onChange({ range: [from, to], period: presetOfRange([from, to], now, presets) });
        }}
      />
    </div>
  );
}
