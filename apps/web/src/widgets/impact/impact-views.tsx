import { InboxOutlined, WarningOutlined } from '@ant-design/icons';
import {
  BRANCH_CHART_DEFAULT_CATEGORIES,
  ImpactStatus,
  TopPhraseStatus,
  type EmotionCurveRow,
  type ImpactRow,
  type SentimentBranchRow,
  type TopPhraseRow,
} from '@loupe/contracts';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { emotionCurves, emotionOption, emotionSummary } from './emotion-chart';
import { impactModeOf, impactOption, impactStatusOf, impactSummary, type ImpactTexts } from './impact-chart';
import styles from './impact-views.module.css';
import { performanceChartHeight } from '@/widgets/performance/performance-chart';
import {
  phrasesColor,
  phrasesHeight,
  phrasesOption,
  phrasesStatusOf,
  phrasesSummary,
  type PhrasesTexts,
} from './phrases-chart';
import {
  sentimentBranchHeight,
  sentimentBranchOption,
  sentimentBranchSummary,
  type SentimentBranchTexts,
} from './sentiment-branch-chart';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import type { WidgetViewProps } from '@/widgets/shared/view-types';
import cardStyles from '@/widgets/shared/widget-card.module.css';
import { dataFiltersOf } from '@/widgets/shared/widget-data';
import { WidgetNoData } from '@/widgets/shared/widget-states';

/*
 * The impact butterflies (Chart), top phrases (ExperiencePerformanceChart), emotion curve and sentiment by branch
 * (reports spec §3, §4 status codes and closed-end impact colours, §9; docs/widgets-impact.md). The card fetched
 * and parsed the rows; the options are built in impact-chart.ts, phrases-chart.ts, emotion-chart.ts and
 * sentiment-branch-chart.ts. The driver-simulation button is driver-simulation-button.tsx (in the card header).
 */

const EMOTION_HEIGHT = 300;

/** A status row's message (reports spec §4) instead of the chart. */
function StatusMessage({ title, text, warning }: { title: string; text: string; warning: boolean }) {
  return (
    <div className={cardStyles.state} role="status">
      {warning ? (
        <WarningOutlined aria-hidden className={cardStyles.stateIconWarning} />
      ) : (
        <InboxOutlined aria-hidden className={cardStyles.stateIcon} />
      )}
      <Typography.Text className={cardStyles.stateTitle}>{title}</Typography.Text>
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}

function useDirection(): { locale: string; rtl: boolean } {
  const { i18n } = useTranslation();
  return { locale: i18n.language, rtl: i18n.dir(i18n.language) === 'rtl' };
}

function ImpactStatusMessage({ code }: { code: number }) {
  const { t } = useTranslation('widgetImpact');
  switch (code) {
    case ImpactStatus.NoData:
      return (
        <StatusMessage warning={false} title={t('status.impactNoData')} text={t('status.impactNoDataHint')} />
      );
    case ImpactStatus.InsufficientData:
      return (
        <StatusMessage
          warning
          title={t('status.impactInsufficient')}
          text={t('status.impactInsufficientHint')}
        />
      );
    default:
      return <StatusMessage warning title={t('status.unknown')} text={t('status.unknownHint', { code })} />;
  }
}

function PhrasesStatusMessage({ code }: { code: number }) {
  const { t } = useTranslation('widgetImpact');
  switch (code) {
    case TopPhraseStatus.LanguageNotSupported:
      return (
        <StatusMessage
          warning
          title={t('status.languageNotSupported')}
          text={t('status.languageNotSupportedHint')}
        />
      );
    case TopPhraseStatus.ModelNotAvailable:
      return (
        <StatusMessage
          warning
          title={t('status.modelNotAvailable')}
          text={t('status.modelNotAvailableHint')}
        />
      );
    case TopPhraseStatus.NoData:
      return (
        <StatusMessage
          warning={false}
          title={t('status.phrasesNoData')}
          text={t('status.phrasesNoDataHint')}
        />
      );
    default:
      return <StatusMessage warning title={t('status.unknown')} text={t('status.unknownHint', { code })} />;
  }
}

/**
 * Chart: the text-analytics impact butterfly (topics) and the closed-ended impact chart (choices). Butterfly, or
 * in average-NPS mode one NPS bar per row coloured by its impact; Config.showNpsImpact adds the NPS-impact bars.
 */
export function ImpactView({ widget, data }: WidgetViewProps<ImpactRow[]>) {
  const { t } = useTranslation('widgetImpact');
  const formats = useNumberFormats();
  const { rtl } = useDirection();
  const status = impactStatusOf(data);
  const rows = useMemo(() => data.filter((row) => row.StatusCode === ImpactStatus.Ok), [data]);
  const mode = useMemo(
    () => impactModeOf(widget.config, dataFiltersOf(widget.config).ImpactType),
    [widget.config],
  );
  const texts = useMemo<ImpactTexts>(
    () => ({
      negative: t('impact.negative'),
      positive: t('impact.positive'),
      npsImpact: t('impact.npsImpact'),
      impact: t('impact.impact'),
      nps: t('impact.nps'),
      responses: t('impact.responses'),
      netAbove: t('impact.netAbove'),
      netNotAbove: t('impact.netNotAbove'),
    }),
    [t],
  );
  const showTooltip = widget.config.showTooltip !== false;
  const option = useMemo(
    () => impactOption({ rows, mode, texts, formats, rtl, showTooltip }),
    [rows, mode, texts, formats, rtl, showTooltip],
  );
  if (status !== null) return <ImpactStatusMessage code={status} />;
  return (
    <EChart
      option={option}
      height={performanceChartHeight(rows.length)}
      label={t('impact.label', { summary: impactSummary({ rows, mode, texts, formats }) })}
    />
  );
}

/** ExperiencePerformanceChart: the most frequent phrases of the comments, one bar each. */
export function TopPhrasesView({ widget, data }: WidgetViewProps<TopPhraseRow[]>) {
  const { t } = useTranslation('widgetImpact');
  const formats = useNumberFormats();
  const { rtl } = useDirection();
  const status = phrasesStatusOf(data);
  const rows = useMemo(() => data.filter((row) => row.StatusCode === TopPhraseStatus.Ok), [data]);
  const texts = useMemo<PhrasesTexts>(
    () => ({ occurrences: t('phrases.occurrences'), responses: t('phrases.responses') }),
    [t],
  );
  const color = phrasesColor(dataFiltersOf(widget.config).SentimentFilter);
  const showTooltip = widget.config.showTooltip !== false;
  const option = useMemo(
    () => phrasesOption({ rows, texts, formats, color, rtl, showTooltip }),
    [rows, texts, formats, color, rtl, showTooltip],
  );
  if (status !== null) return <PhrasesStatusMessage code={status} />;
  return (
    <EChart
      option={option}
      height={phrasesHeight(rows.length)}
      label={t('phrases.label', { summary: phrasesSummary(rows, texts, formats) })}
    />
  );
}

/** EmotionCurveChart: one line per emotion across the journey stages, points in their band colours. */
export function EmotionCurveView({ widget, data }: WidgetViewProps<EmotionCurveRow[]>) {
  const { t } = useTranslation('widgetImpact');
  const formats = useNumberFormats();
  const { rtl } = useDirection();
  const curves = useMemo(() => emotionCurves(data), [data]);
  const showTooltip = widget.config.showTooltip !== false;
  const option = useMemo(
    () => emotionOption({ curves, formats, rtl, showTooltip }),
    [curves, formats, rtl, showTooltip],
  );
  if (curves.curves.length === 0) return <WidgetNoData />;
  return (
    <EChart
      option={option}
      height={EMOTION_HEIGHT}
      label={t('emotion.label', { summary: emotionSummary(curves, formats) })}
    />
  );
}

/** SentimentBranchPerformanceChart: net sentiment per branch in band colours; the first 15 in view. */
export function SentimentBranchView({ widget, data }: WidgetViewProps<SentimentBranchRow[]>) {
  const { t } = useTranslation('widgetImpact');
  const formats = useNumberFormats();
  const { rtl } = useDirection();
  const texts = useMemo<SentimentBranchTexts>(
    () => ({
      net: t('sentimentBranch.net'),
      positive: t('sentimentBranch.positive'),
      neutral: t('sentimentBranch.neutral'),
      negative: t('sentimentBranch.negative'),
    }),
    [t],
  );
  const showTooltip = widget.config.showTooltip !== false;
  const option = useMemo(
    () => sentimentBranchOption({ rows: data, texts, formats, rtl, showTooltip }),
    [data, texts, formats, rtl, showTooltip],
  );
  return (
    <div className={styles.chart}>
      <EChart
        option={option}
        height={sentimentBranchHeight(data.length)}
        label={t('sentimentBranch.label', { summary: sentimentBranchSummary(data, texts, formats) })}
      />
      {data.length > BRANCH_CHART_DEFAULT_CATEGORIES && (
        <Typography.Paragraph type="secondary" className={styles.note}>
          {t('sentimentBranch.scrollHint', { shown: BRANCH_CHART_DEFAULT_CATEGORIES, total: data.length })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
