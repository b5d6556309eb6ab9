import {
  AimOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  CommentOutlined,
  DashboardOutlined,
  DotChartOutlined,
  FieldNumberOutlined,
  GlobalOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  PieChartOutlined,
  ProfileOutlined,
  RiseOutlined,
  SmileOutlined,
  TableOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { WidgetKind } from '@loupe/contracts';
import type { ComponentType } from 'react';

const ICONS: Record<WidgetKind, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  TrendChart: LineChartOutlined,
  MultiSeriesChart: AreaChartOutlined,
  NpsGaugeChart: DashboardOutlined,
  GaugeChart: DashboardOutlined,
  ODataTable: TableOutlined,
  SurveyAnswersTable: ProfileOutlined,
  NpsPerformanceChart: BarChartOutlined,
  ChannelPerformanceChart: RiseOutlined,
  Card: FieldNumberOutlined,
  NpsMap: GlobalOutlined,
  RankingCard: TrophyOutlined,
  SegmentedGaugeChart: PieChartOutlined,
  Chart: AimOutlined,
  ExperiencePerformanceChart: BarChartOutlined,
  TextAnalyticsBubbleChart2: DotChartOutlined,
  CommentsHighlightChart: CommentOutlined,
  DaysOfWeekBubbleChart: HeatMapOutlined,
  EmotionCurveChart: SmileOutlined,
  SentimentBranchPerformanceChart: BarChartOutlined,
};

/** The icon of a widget kind on the widget cards (decorative: the card says the kind in words). */
export function WidgetKindIcon({ kind }: { kind: WidgetKind }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden />;
}
