import type { Funnel } from '@loupe/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { overTimeOption } from '../statistics-charts';
import { periodLabel } from '../statistics-format';
import type { StatisticsPeriod } from '../statistics-query';
import type { StatisticsTexts } from './use-statistics-texts';

/** The funnel per period as lines, oldest period first (on the right in Arabic). */
export function OverTimeCard({
  rows,
  period,
  texts,
}: {
  rows: readonly (Funnel & { Period: string })[];
  period: StatisticsPeriod;
  texts: StatisticsTexts;
}) {
  const { t } = useTranslation('surveyStats');
  const { formats, rtl, stageLabel } = texts;
  const option = useMemo(
    () =>
      overTimeOption({
        rows,
        periodLabel: (key) => periodLabel(key, period),
        stageLabel,
        formats,
        rtl,
      }),
    // stageLabel changes with the language, which also re-labels the months.
    [rows, period, stageLabel, formats, rtl],
  );
  return (
    <Card title={t('statistics.overTime')} size="small">
      <EChart option={option} height={300} label={t('statistics.overTime')} />
    </Card>
  );
}
