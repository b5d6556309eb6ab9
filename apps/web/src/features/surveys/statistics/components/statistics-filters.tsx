import {
  STATISTICS_PERIODS,
  availablePresets,
  clampRange,
  DATE_FORMAT,
  isDisabledDay,
  presetRange,
} from '@loupe/contracts';
import { DatePicker, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { useSurveyOptions } from '../api/get-survey-options';
import type { StatisticsQuery } from '../statistics-query';
import styles from './statistics.module.css';

/**
 * The statistics' date range (the report presets the licence's retention allows, DD/MM/YYYY, no day after today),
 * the period of the over-time chart and, on the all-surveys screen, the surveys to count (none: all of them).
 */
export function StatisticsFilters({
  query,
  onChange,
  showSurveys,
}: {
  query: StatisticsQuery;
  onChange: (query: StatisticsQuery) => void;
  showSurveys: boolean;
}) {
  const { t } = useTranslation('surveyStats');
  const rangeId = useId();
  const retentionMonths = useBootstrap().data?.LicenseInfo.DataRetentionTimeInMonths ?? 0;

  return (
    <div className={styles.filters}>
      <div className={styles.filter}>
        <label htmlFor={rangeId}>{t('filters.range')}</label>
        <DatePicker.RangePicker
          id={{ start: rangeId }}
          format={DATE_FORMAT}
          allowClear={false}
          value={query.range}
          disabledDate={(day) => isDisabledDay(day, dayjs(), retentionMonths)}
          placeholder={[t('filters.start'), t('filters.end')]}
          presets={availablePresets(retentionMonths).map((preset) => ({
            label: t(`datePresets.${preset}`),
            value: () => clampRange(presetRange(preset, dayjs()), dayjs(), retentionMonths),
          }))}
          onChange={(range) => {
            const [from, to] = range ?? [];
            if (from && to) onChange({ ...query, range: [from, to] });
          }}
        />
      </div>
      {showSurveys && (
        <SurveyPicker value={query.surveyIds} onChange={(surveyIds) => onChange({ ...query, surveyIds })} />
      )}
      <div className={styles.filter}>
        <span id={`${rangeId}-period`}>{t('filters.period')}</span>
        <Segmented
          aria-labelledby={`${rangeId}-period`}
          value={query.period}
          options={STATISTICS_PERIODS.map((period) => ({
            value: period,
            label: t(`filters.periods.${period}`),
          }))}
          onChange={(period) => onChange({ ...query, period })}
        />
      </div>
    </div>
  );
}

/** The surveys to count; none chosen counts all of them. Loads the caller's surveys when shown. */
function SurveyPicker({ value, onChange }: { value: number[]; onChange: (surveyIds: number[]) => void }) {
  const { t } = useTranslation('surveyStats');
  const id = useId();
  const surveys = useSurveyOptions();
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{t('filters.surveys')}</label>
      <Select
        id={id}
        mode="multiple"
        allowClear
        className={styles.surveySelect}
        placeholder={t('filters.allSurveys')}
        loading={surveys.isPending}
        value={value}
        optionFilterProp="label"
        maxTagCount="responsive"
        options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
        onChange={onChange}
      />
    </div>
  );
}
