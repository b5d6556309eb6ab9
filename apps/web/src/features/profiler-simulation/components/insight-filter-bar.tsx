import type { ReportFilter, TimeRange } from '@loupe/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips, ReportFilterPanel } from '@/components/report-filter';
import { useBootstrap } from '@/lib/bootstrap';
import styles from './profiler-simulation.module.css';

const DAY = 'YYYY-MM-DD';

/** The last `days` days up to today, as a report TimeRange. */
export function lastDays(days: number): TimeRange {
  return [
    dayjs()
      .subtract(days - 1, 'day')
      .format(DAY),
    dayjs().format(DAY),
  ];
}

/**
 * The report filter of an insight screen: its date range and the report filter panel with its chips (the same
 * filter model the widgets use; the server compiles it with the one filter compiler).
 */
export function InsightFilterBar({
  value,
  onChange,
  children,
}: {
  value: ReportFilter;
  onChange: (filter: ReportFilter) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('profilerSimulation');
  const bootstrap = useBootstrap();
  const rangeId = useId();
  const range: [Dayjs, Dayjs] | null = value.TimeRange
    ? [dayjs(value.TimeRange[0]), dayjs(value.TimeRange[1])]
    : null;
  // The panel owns every filter but the date range.
  const keepRange = (filter: ReportFilter) => onChange({ ...filter, TimeRange: value.TimeRange });
  return (
    <div className={styles.filterBar}>
      <label htmlFor={rangeId}>{t('filter.range')}</label>
      <DatePicker.RangePicker
        id={{ start: rangeId }}
        format="DD/MM/YYYY"
        value={range}
        allowClear={false}
        placeholder={[t('filter.from'), t('filter.to')]}
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (from && to) onChange({ ...value, TimeRange: [from.format(DAY), to.format(DAY)] });
        }}
      />
      {children}
      <ReportFilterPanel
        value={value}
        onApply={keepRange}
        aiModuleActive={bootstrap.data?.IsAIModuleActive === true}
      />
      <FilterChips value={value} onChange={keepRange} />
    </div>
  );
}
