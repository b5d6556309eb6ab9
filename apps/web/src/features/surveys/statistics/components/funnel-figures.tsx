import type { Funnel } from '@loupe/contracts';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FUNNEL_STAGES, percentOf } from '../statistics-charts';
import styles from './statistics.module.css';
import type { StatisticsTexts } from './use-statistics-texts';

/**
 * The KPI row: each funnel stage's count, the response and completion rates, and whatever the page adds (the
 * median completion time). Each figure is a term and its value, so tests and screen readers read them in pairs.
 */
export function FunnelFigures({
  funnel,
  texts,
  extra,
}: {
  funnel: Funnel;
  texts: StatisticsTexts;
  extra?: { label: string; value: string }[];
}) {
  const { t } = useTranslation('surveyStats');
  const { formats, stageLabel } = texts;
  const figures: { key: string; label: ReactNode; value: string; testId: string }[] = [
    ...FUNNEL_STAGES.map((stage) => ({
      key: stage,
      label: stageLabel(stage),
      value: formats.count(funnel[stage]),
      testId: `kpi-${stage}`,
    })),
    {
      key: 'response',
      label: <Tooltip title={t('rates.responseHelp')}>{t('rates.response')}</Tooltip>,
      value: formats.percent(percentOf(funnel.ResponseRate)),
      testId: 'kpi-ResponseRate',
    },
    {
      key: 'completion',
      label: <Tooltip title={t('rates.completionHelp')}>{t('rates.completion')}</Tooltip>,
      value: formats.percent(percentOf(funnel.CompletionRate)),
      testId: 'kpi-CompletionRate',
    },
    ...(extra ?? []).map((figure, index) => ({
      ...figure,
      key: `extra-${index}`,
      testId: `kpi-extra-${index}`,
    })),
  ];
  return (
    <dl className={styles.figures} aria-label={t('statistics.kpis')}>
      {figures.map((figure) => (
        <div key={figure.key} className={styles.figure} data-testid={figure.testId}>
          <dt className={styles.figureLabel}>{figure.label}</dt>
          <dd className={styles.figureValue}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
