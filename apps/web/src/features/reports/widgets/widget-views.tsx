import type { WidgetKind } from '@loupe/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetViewProps } from './view-types';

/*
 * Which view draws each widget kind (docs/widgets.md "Web"). Views load with the first widget of their kind.
 * `selfFetching` views (tables) page through their endpoint themselves; the card fetches for the others. Kinds
 * without a view yet (text analytics, issue 8) show the card's no-data state.
 */

type View = LazyExoticComponent<ComponentType<WidgetViewProps<never>>>;
export type WidgetViewEntry = { view: View; selfFetching?: boolean };

const scoreViews = () => import('./score-views');
const trendViews = () => import('./trend-views');
const performanceViews = () => import('./performance-views');
const tableViews = () => import('./table-views');
const textAnalyticsViews = () => import('./text-analytics-views');
const impactViews = () => import('./impact-views');

const entry = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType<WidgetViewProps<never>>) =>
  lazy(async () => ({ default: pick(await load()) }));

export const WIDGET_VIEWS: Partial<Record<WidgetKind, WidgetViewEntry>> = {
  NpsGaugeChart: { view: entry(scoreViews, (m) => m.NpsGaugeView) },
  GaugeChart: { view: entry(scoreViews, (m) => m.GaugeView) },
  SegmentedGaugeChart: { view: entry(scoreViews, (m) => m.SegmentedGaugeView) },
  Card: { view: entry(scoreViews, (m) => m.CardView) },
  RankingCard: { view: entry(scoreViews, (m) => m.RankingCardView) },
  TrendChart: { view: entry(trendViews, (m) => m.TrendView) },
  MultiSeriesChart: { view: entry(trendViews, (m) => m.MultiSeriesView) },
  DaysOfWeekBubbleChart: { view: entry(trendViews, (m) => m.DaysOfWeekView) },
  NpsPerformanceChart: { view: entry(performanceViews, (m) => m.NpsPerformanceView) },
  ChannelPerformanceChart: { view: entry(performanceViews, (m) => m.ChannelPerformanceView) },
  NpsMap: { view: lazy(async () => ({ default: (await import('./map-view')).NpsMapView })) },
  ODataTable: { view: entry(tableViews, (m) => m.ODataTableView), selfFetching: true },
  SurveyAnswersTable: { view: entry(tableViews, (m) => m.SurveyAnswersTableView), selfFetching: true },
  TextAnalyticsBubbleChart2: { view: entry(textAnalyticsViews, (m) => m.BubbleView) },
  CommentsHighlightChart: { view: entry(textAnalyticsViews, (m) => m.CommentsView), selfFetching: true },
  Chart: { view: entry(impactViews, (m) => m.ImpactView) },
  ExperiencePerformanceChart: { view: entry(impactViews, (m) => m.TopPhrasesView) },
  EmotionCurveChart: { view: entry(impactViews, (m) => m.EmotionCurveView) },
  SentimentBranchPerformanceChart: { view: entry(impactViews, (m) => m.SentimentBranchView) },
};
