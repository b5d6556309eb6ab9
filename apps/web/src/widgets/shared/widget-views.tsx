import type { WidgetFamily, WidgetKind } from '@loupe/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetViewProps } from './view-types';

/*
 * Which view draws each widget kind (docs/widgets.md "Web"). A kind's view lives in the folder of its family in
 * the contracts kind registry (`src/widgets/<family>/`) and loads with the first widget of that family.
 * `selfFetching` views (tables, comments) page through their endpoint themselves; the card fetches for the others.
 */

type View = LazyExoticComponent<ComponentType<WidgetViewProps<never>>>;
export type WidgetViewEntry = { family: WidgetFamily; view: View; selfFetching?: boolean };

/** Each family's views, loaded on first use. */
const FAMILY_VIEWS = {
  score: () => import('@/widgets/score/score-views'),
  trend: () => import('@/widgets/trend/trend-views'),
  performance: () => import('@/widgets/performance/performance-views'),
  map: () => import('@/widgets/map/map-view'),
  table: () => import('@/widgets/table/table-views'),
  impact: () => import('@/widgets/impact/impact-views'),
  'text-analytics': () => import('@/widgets/text-analytics/text-analytics-views'),
} satisfies Record<WidgetFamily, () => Promise<unknown>>;

type FamilyModule<F extends WidgetFamily> = Awaited<ReturnType<(typeof FAMILY_VIEWS)[F]>>;

const entry = <F extends WidgetFamily>(
  family: F,
  pick: (module: FamilyModule<F>) => ComponentType<WidgetViewProps<never>>,
  selfFetching?: boolean,
): WidgetViewEntry => ({
  family,
  view: lazy(async () => ({ default: pick((await FAMILY_VIEWS[family]()) as FamilyModule<F>) })),
  ...(selfFetching ? { selfFetching } : {}),
});

export const WIDGET_VIEWS: Partial<Record<WidgetKind, WidgetViewEntry>> = {
  NpsGaugeChart: entry('score', (m) => m.NpsGaugeView),
  GaugeChart: entry('score', (m) => m.GaugeView),
  SegmentedGaugeChart: entry('score', (m) => m.SegmentedGaugeView),
  Card: entry('score', (m) => m.CardView),
  RankingCard: entry('score', (m) => m.RankingCardView),
  TrendChart: entry('trend', (m) => m.TrendView),
  MultiSeriesChart: entry('trend', (m) => m.MultiSeriesView),
  DaysOfWeekBubbleChart: entry('trend', (m) => m.DaysOfWeekView),
  NpsPerformanceChart: entry('performance', (m) => m.NpsPerformanceView),
  ChannelPerformanceChart: entry('performance', (m) => m.ChannelPerformanceView),
  NpsMap: entry('map', (m) => m.NpsMapView),
  ODataTable: entry('table', (m) => m.ODataTableView, true),
  SurveyAnswersTable: entry('table', (m) => m.SurveyAnswersTableView, true),
  TextAnalyticsBubbleChart2: entry('text-analytics', (m) => m.BubbleView),
  CommentsHighlightChart: entry('text-analytics', (m) => m.CommentsView, true),
  Chart: entry('impact', (m) => m.ImpactView),
  ExperiencePerformanceChart: entry('impact', (m) => m.TopPhrasesView),
  EmotionCurveChart: entry('impact', (m) => m.EmotionCurveView),
  SentimentBranchPerformanceChart: entry('impact', (m) => m.SentimentBranchView),
};
