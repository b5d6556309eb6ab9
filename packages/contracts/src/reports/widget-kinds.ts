import { z, type ZodType } from 'zod';
import {
  bubbleDataSchema,
  commentsDataSchema,
  emotionCurveRowSchema,
  impactRowSchema,
  sentimentBranchRowSchema,
  topPhraseRowSchema,
} from './text-analytics-data.schema.js';
import { WIDGET_KINDS, type WidgetKind } from './widget-catalogue.schema.js';
import {
  cardDataSchema,
  daysOfWeekRowSchema,
  gaugeDataSchema,
  mapRowSchema,
  npsGaugeDataSchema,
  performanceRowSchema,
  segmentedGaugeDataSchema,
  trendRowSchema,
  widgetTablePageSchema,
} from './widget-data.schema.js';

/*
 * The widget kind registry (docs/architecture.md "Widgets: one slice"): one row per kind says which family draws
 * and answers it (the server's `modules/widget-data/<family>/` and the web's `src/widgets/<family>/`), the data
 * endpoints its widgets post to (a widget's Config.dataEndpoint is `api/` + one of them), the answer's shape, and
 * two rules: whether it needs the AI (text-analytics) module, and whether it waits for applied filters before its
 * first fetch (reports spec §4).
 */

export const WIDGET_FAMILIES = [
  'score',
  'trend',
  'performance',
  'map',
  'table',
  'impact',
  'text-analytics',
] as const;
export type WidgetFamily = (typeof WIDGET_FAMILIES)[number];

export type WidgetKindRow = {
  family: WidgetFamily;
  /** The data endpoints (without `api/`) the kind's widgets post to: `widget-data/nps`, `text-analytics/bubble`. */
  endpoints: readonly string[];
  /** The endpoint's answer. */
  response: ZodType;
  /** Needs the AI (text-analytics) module (reports spec §6). */
  ai: boolean;
  /** Waits for applied filters before its first fetch (reports spec §4: tables and comments). */
  filterFirst: boolean;
};

const row = (
  family: WidgetFamily,
  endpoints: readonly string[],
  response: ZodType,
  flags: { ai?: boolean; filterFirst?: boolean } = {},
): WidgetKindRow => ({
  family,
  endpoints,
  response,
  ai: flags.ai ?? false,
  filterFirst: flags.filterFirst ?? false,
});

/** Every kind's row. `Chart` also draws the closed-ended impact chart, and `TrendChart` topic trends: not AI. */
export const WIDGET_KIND_REGISTRY: Readonly<Record<WidgetKind, WidgetKindRow>> = {
  NpsGaugeChart: row('score', ['widget-data/nps'], npsGaugeDataSchema),
  GaugeChart: row('score', ['widget-data/score', 'widget-data/weighted-experience'], gaugeDataSchema),
  SegmentedGaugeChart: row('score', ['widget-data/segments'], segmentedGaugeDataSchema),
  Card: row('score', ['widget-data/card'], cardDataSchema),
  RankingCard: row('score', ['widget-data/card'], cardDataSchema),
  TrendChart: row('trend', ['widget-data/trend', 'text-analytics/trend'], z.array(trendRowSchema)),
  MultiSeriesChart: row('trend', ['widget-data/respondent-trend'], z.array(trendRowSchema)),
  DaysOfWeekBubbleChart: row('trend', ['widget-data/days-of-week'], z.array(daysOfWeekRowSchema)),
  NpsPerformanceChart: row(
    'performance',
    ['widget-data/performance', 'widget-data/journey'],
    z.array(performanceRowSchema),
  ),
  ChannelPerformanceChart: row(
    'performance',
    ['widget-data/channel-performance'],
    z.array(performanceRowSchema),
  ),
  NpsMap: row('map', ['widget-data/map'], z.array(mapRowSchema)),
  ODataTable: row('table', ['widget-data/channel-table'], widgetTablePageSchema, { filterFirst: true }),
  SurveyAnswersTable: row('table', ['widget-data/answers'], widgetTablePageSchema, { filterFirst: true }),
  Chart: row('impact', ['text-analytics/impact', 'widget-data/closed-end-impact'], z.array(impactRowSchema)),
  ExperiencePerformanceChart: row('impact', ['text-analytics/top-phrases'], z.array(topPhraseRowSchema), {
    ai: true,
  }),
  EmotionCurveChart: row('impact', ['text-analytics/emotion-curve'], z.array(emotionCurveRowSchema), {
    ai: true,
  }),
  SentimentBranchPerformanceChart: row(
    'impact',
    ['text-analytics/sentiment-branch'],
    z.array(sentimentBranchRowSchema),
    { ai: true },
  ),
  TextAnalyticsBubbleChart2: row('text-analytics', ['text-analytics/bubble'], bubbleDataSchema, { ai: true }),
  CommentsHighlightChart: row('text-analytics', ['text-analytics/comments'], commentsDataSchema, {
    ai: true,
    filterFirst: true,
  }),
};

/** Kinds that need the AI (text-analytics) module, in WIDGET_KINDS order. */
export const AI_WIDGET_KINDS: readonly WidgetKind[] = WIDGET_KINDS.filter(
  (kind) => WIDGET_KIND_REGISTRY[kind].ai,
);

/** Kinds whose widgets wait for applied filters before their first fetch (reports spec §4). */
export const FILTER_FIRST_KINDS: readonly WidgetKind[] = WIDGET_KINDS.filter(
  (kind) => WIDGET_KIND_REGISTRY[kind].filterFirst,
);

/** Every data endpoint of the registry (without `api/`), each once. */
export const WIDGET_DATA_ENDPOINTS: readonly string[] = [
  ...new Set(WIDGET_KINDS.flatMap((kind) => WIDGET_KIND_REGISTRY[kind].endpoints)),
];
