import { AI_WIDGET_KINDS, WIDGET_KINDS, type WidgetKind } from '@loupe/contracts';

/*
 * The system widget catalogue (issue 7; docs/widgets.md "Catalogue"), written to the database at start by
 * `ensureWidgetCatalogue`. Names, titles and descriptions are stored as translation keys in triple braces of the
 * web's `widgetCatalogue` namespace (see `systemTitle`). Ids are fixed: report widgets and the demo reports name
 * them (1 NPS gauge, 2 NPS trend, 3 response card, 4 branch performance, 5 comment highlights, 6 topic bubbles,
 * 7 NPS map, 8 days of week).
 *
 * Each entry's Config is the default Config of a new report widget: `type` (the kind), `dataEndpoint`, default
 * `dataFilters`, `size`, chart settings, and for the widget dialog `filterFields` (the dataFilters fields its form
 * shows, in order) and `requiredFilters` (those it requires). Text-analytics endpoints (`api/text-analytics/…`)
 * come with the text-analytics issue.
 */

export type SystemWidgetType = { id: number; kind: WidgetKind; isAi: boolean };
export type SystemWidgetCategory = { id: number; key: string; isAi: boolean };
export type SystemWidget = {
  id: number;
  key: string;
  kind: WidgetKind;
  categoryId: number;
  config: Record<string, unknown>;
};

/** The stored names of system entries: `{{{widgetCatalogue:widget.npsGauge}}}` and the like. */
export const systemTitle = {
  type: (kind: WidgetKind) => `{{{widgetCatalogue:type.${kind}}}}`,
  category: (key: string) => `{{{widgetCatalogue:category.${key}}}}`,
  widget: (key: string) => `{{{widgetCatalogue:widget.${key}}}}`,
  widgetDescription: (key: string) => `{{{widgetCatalogue:widgetDescription.${key}}}}`,
};

const AI_KINDS = AI_WIDGET_KINDS;
/** One type per kind, ids 1.. in WIDGET_KINDS order. `Chart` also draws the closed-ended impact chart: not AI. */
export const SYSTEM_WIDGET_TYPES: readonly SystemWidgetType[] = WIDGET_KINDS.map((kind, index) => ({
  id: index + 1,
  kind,
  isAi: AI_KINDS.includes(kind),
}));

const CATEGORY = {
  general: 1,
  nps: 2,
  experience: 3,
  performance: 4,
  textAnalytics: 9,
  comments: 10,
} as const;

export const SYSTEM_WIDGET_CATEGORIES: readonly SystemWidgetCategory[] = [
  { id: CATEGORY.general, key: 'general', isAi: false },
  { id: CATEGORY.nps, key: 'nps', isAi: false },
  { id: CATEGORY.experience, key: 'experience', isAi: false },
  { id: CATEGORY.performance, key: 'performance', isAi: false },
  { id: CATEGORY.textAnalytics, key: 'textAnalytics', isAi: true },
  { id: CATEGORY.comments, key: 'comments', isAi: true },
];

const NPS_GAUGE_BANDS = {
  redStart: -100,
  redEnd: 0,
  yellowStart: 0,
  yellowEnd: 30,
  greenStart: 30,
  greenEnd: 100,
};
const SCORE_BANDS_11 = { redStart: 0, redEnd: 6, yellowStart: 6, yellowEnd: 8, greenStart: 8, greenEnd: 10 };
const SCORE_BANDS_5 = { redStart: 1, redEnd: 3, yellowStart: 3, yellowEnd: 4, greenStart: 4, greenEnd: 5 };

const TIME = { TimeColumn: 'TransactionDateId' };
const AI_TIME = { TimeColumn: 'AnsweredDateId' };
/** Fields every score widget's form offers: which NPS question, which surveys. */
const NPS_FIELDS = ['SurveyId', 'NpsQuestionId', 'SessionStatus', 'OnlyFinishedSessions'];
const EXPERIENCE_FIELDS = ['SurveyId', 'ExperienceId', 'Scale', 'SessionStatus', 'OnlyFinishedSessions'];

function entry(
  id: number,
  key: string,
  kind: WidgetKind,
  categoryId: number,
  endpoint: string,
  options: {
    w?: number;
    dataFilters?: Record<string, unknown>;
    filterFields?: string[];
    requiredFilters?: string[];
    [setting: string]: unknown;
  } = {},
): SystemWidget {
  const { w = 3, dataFilters = {}, filterFields = [], requiredFilters = [], ...settings } = options;
  const ai = categoryId === CATEGORY.textAnalytics || categoryId === CATEGORY.comments;
  return {
    id,
    key,
    kind,
    categoryId,
    config: {
      type: kind,
      dataEndpoint: endpoint,
      showTitle: true,
      showTooltip: true,
      size: { w, h: 2 },
      masterWidgets: [],
      dataFilters: { ...(ai ? AI_TIME : TIME), ...dataFilters },
      filterFields,
      requiredFilters,
      ...settings,
    },
  };
}

export const SYSTEM_WIDGETS: readonly SystemWidget[] = [
  // Ids named by the demo reports.
  entry(1, 'npsGauge', 'NpsGaugeChart', CATEGORY.nps, 'api/widget-data/nps', {
    dataFilters: { Deviate: true },
    filterFields: [...NPS_FIELDS, 'Deviate'],
    showDeviation: true,
    gaugeBands: NPS_GAUGE_BANDS,
    allowThirdLayout: true,
  }),
  entry(2, 'npsTrend', 'TrendChart', CATEGORY.nps, 'api/widget-data/trend', {
    w: 6,
    dataFilters: { CategoryType: 'MM' },
    filterFields: [...NPS_FIELDS, 'CategoryType'],
    requiredFilters: ['CategoryType'],
    valueField: 'Value',
    chartConfig: { chartScrollbar: { enabled: true } },
  }),
  entry(3, 'responseCard', 'Card', CATEGORY.general, 'api/widget-data/card', {
    w: 2,
    dataFilters: { Deviate: true },
    filterFields: [...NPS_FIELDS, 'Deviate'],
    valueField: 'Responses',
    showDeviation: true,
    allowThirdLayout: true,
  }),
  entry(
    4,
    'branchPerformance',
    'ChannelPerformanceChart',
    CATEGORY.performance,
    'api/widget-data/channel-performance',
    {
      w: 6,
      dataFilters: { ParentChannelLevel: 1, ChannelColumnLevel: 2 },
      filterFields: [...NPS_FIELDS, 'ParentChannelLevel', 'ChannelColumnLevel', 'TopNToggle', 'TopNCount'],
      requiredFilters: ['ParentChannelLevel', 'ChannelColumnLevel'],
      drillDownField: 'ChannelSet',
    },
  ),
  entry(5, 'commentHighlights', 'CommentsHighlightChart', CATEGORY.comments, 'api/text-analytics/comments', {
    w: 6,
    filterFields: ['SurveyId', 'QuestionId', 'TopicModelId'],
    requiredFilters: ['TopicModelId'],
  }),
  entry(6, 'topicBubbles', 'TextAnalyticsBubbleChart2', CATEGORY.textAnalytics, 'api/text-analytics/bubble', {
    filterFields: ['SurveyId', 'QuestionId', 'TopicModelId', 'TopicCount', 'OnlyMainTopics'],
    requiredFilters: ['TopicModelId'],
  }),
  entry(7, 'npsMapTurkey', 'NpsMap', CATEGORY.nps, 'api/widget-data/map', {
    w: 6,
    dataFilters: { Map: 'TR' },
    filterFields: [...NPS_FIELDS, 'Map', 'UseInviteeLocation'],
    requiredFilters: ['Map'],
  }),
  entry(8, 'daysOfWeek', 'DaysOfWeekBubbleChart', CATEGORY.general, 'api/widget-data/days-of-week', {
    w: 6,
    filterFields: NPS_FIELDS,
  }),
  // General, NPS and performance cards, tables and trends.
  entry(9, 'npsCard', 'Card', CATEGORY.nps, 'api/widget-data/card', {
    w: 2,
    dataFilters: { Deviate: true },
    filterFields: [...NPS_FIELDS, 'Deviate'],
    valueField: 'Value',
    showDeviation: true,
    allowThirdLayout: true,
  }),
  entry(10, 'branchRanking', 'RankingCard', CATEGORY.performance, 'api/widget-data/card', {
    w: 2,
    dataFilters: { ChannelColumnLevel: 2 },
    filterFields: [...NPS_FIELDS, 'ChannelColumnLevel'],
    requiredFilters: ['ChannelColumnLevel'],
    valueField: 'Value',
    allowThirdLayout: true,
  }),
  entry(11, 'responseTrend', 'TrendChart', CATEGORY.general, 'api/widget-data/trend', {
    w: 6,
    dataFilters: { CategoryType: 'WW' },
    filterFields: [...NPS_FIELDS, 'CategoryType'],
    requiredFilters: ['CategoryType'],
    valueField: 'Responses',
    chartConfig: { chartScrollbar: { enabled: true } },
  }),
  entry(12, 'channelTable', 'ODataTable', CATEGORY.general, 'api/widget-data/channel-table', {
    w: 6,
    dataFilters: { ChannelColumnLevel: 2 },
    filterFields: [...NPS_FIELDS, 'ChannelColumnLevel'],
    requiredFilters: ['ChannelColumnLevel'],
    exportToExcel: true,
    tableConfig: { allowSorting: true, allowPaging: true, sortSettings: { sortedColumns: [] } },
  }),
  entry(13, 'surveyAnswers', 'SurveyAnswersTable', CATEGORY.general, 'api/widget-data/answers', {
    w: 6,
    filterFields: ['SurveyId', 'SessionStatus', 'OnlyFinishedSessions', 'RespondentType'],
    exportToExcel: true,
    tableConfig: { allowSorting: true, allowPaging: true, sortSettings: { sortedColumns: [] } },
  }),
  // NPS.
  entry(14, 'respondentShareTrend', 'MultiSeriesChart', CATEGORY.nps, 'api/widget-data/respondent-trend', {
    w: 6,
    dataFilters: { CategoryType: 'MM', TrendSeriesValue: 'percentage' },
    filterFields: [...NPS_FIELDS, 'CategoryType', 'TrendSeriesValue'],
    requiredFilters: ['CategoryType', 'TrendSeriesValue'],
  }),
  entry(15, 'respondentCountTrend', 'MultiSeriesChart', CATEGORY.nps, 'api/widget-data/respondent-trend', {
    w: 6,
    dataFilters: { CategoryType: 'MM', TrendSeriesValue: 'number' },
    filterFields: [...NPS_FIELDS, 'CategoryType', 'TrendSeriesValue'],
    requiredFilters: ['CategoryType', 'TrendSeriesValue'],
  }),
  entry(16, 'npsBySegment', 'SegmentedGaugeChart', CATEGORY.nps, 'api/widget-data/segments', {
    filterFields: [...NPS_FIELDS, 'SegmentGroupId'],
    requiredFilters: ['SegmentGroupId'],
    gaugeBands: NPS_GAUGE_BANDS,
  }),
  entry(17, 'npsMapIndia', 'NpsMap', CATEGORY.nps, 'api/widget-data/map', {
    w: 6,
    dataFilters: { Map: 'IN' },
    filterFields: [...NPS_FIELDS, 'Map', 'UseInviteeLocation'],
    requiredFilters: ['Map'],
  }),
  entry(18, 'npsMapUsa', 'NpsMap', CATEGORY.nps, 'api/widget-data/map', {
    w: 6,
    dataFilters: { Map: 'US' },
    filterFields: [...NPS_FIELDS, 'Map', 'UseInviteeLocation'],
    requiredFilters: ['Map'],
  }),
  entry(19, 'npsByProduct', 'NpsPerformanceChart', CATEGORY.nps, 'api/widget-data/performance', {
    w: 6,
    dataFilters: { GroupBy: 'product', ParentCategoryLevel: 1 },
    filterFields: [...NPS_FIELDS, 'GroupBy', 'ParentCategoryLevel', 'TopNToggle', 'TopNCount'],
    requiredFilters: ['GroupBy'],
  }),
  entry(20, 'npsByTransactionType', 'NpsPerformanceChart', CATEGORY.nps, 'api/widget-data/performance', {
    w: 6,
    dataFilters: { GroupBy: 'transactionType' },
    filterFields: [...NPS_FIELDS, 'GroupBy', 'TopNToggle', 'TopNCount'],
    requiredFilters: ['GroupBy'],
  }),
  entry(21, 'npsBySurvey', 'NpsPerformanceChart', CATEGORY.nps, 'api/widget-data/performance', {
    w: 6,
    dataFilters: { GroupBy: 'survey' },
    filterFields: [...NPS_FIELDS, 'GroupBy', 'TopNToggle', 'TopNCount'],
    requiredFilters: ['GroupBy'],
  }),
  // Experience.
  entry(22, 'averageScore', 'GaugeChart', CATEGORY.experience, 'api/widget-data/score', {
    dataFilters: { Scale: 11, Deviate: true },
    filterFields: [...EXPERIENCE_FIELDS, 'Deviate'],
    requiredFilters: ['ExperienceId'],
    showDeviation: true,
    gaugeBands: SCORE_BANDS_11,
    allowThirdLayout: true,
  }),
  entry(23, 'averageScoreFive', 'GaugeChart', CATEGORY.experience, 'api/widget-data/score', {
    dataFilters: { Scale: 5, Deviate: true },
    filterFields: [...EXPERIENCE_FIELDS, 'Deviate'],
    requiredFilters: ['ExperienceId'],
    showDeviation: true,
    gaugeBands: SCORE_BANDS_5,
    allowThirdLayout: true,
  }),
  entry(24, 'weightedExperience', 'GaugeChart', CATEGORY.experience, 'api/widget-data/weighted-experience', {
    dataFilters: { Deviate: true },
    filterFields: ['SurveyId', 'ExperienceWeights', 'Deviate'],
    requiredFilters: ['ExperienceWeights'],
    showDeviation: true,
    gaugeBands: SCORE_BANDS_11,
  }),
  entry(25, 'npsByExperience', 'NpsPerformanceChart', CATEGORY.experience, 'api/widget-data/performance', {
    w: 6,
    dataFilters: { GroupBy: 'experience' },
    filterFields: ['SurveyId', 'ExperienceIds', 'GroupBy', 'TopNToggle', 'TopNCount'],
    requiredFilters: ['GroupBy'],
  }),
  entry(26, 'averageScoreTrend', 'TrendChart', CATEGORY.experience, 'api/widget-data/trend', {
    w: 6,
    dataFilters: { CategoryType: 'MM', MeasurementType: 2, Scale: 11 },
    filterFields: [...EXPERIENCE_FIELDS, 'CategoryType'],
    requiredFilters: ['ExperienceId', 'CategoryType'],
    valueField: 'Value',
    chartConfig: { chartScrollbar: { enabled: true } },
  }),
  entry(27, 'averageScoreCard', 'Card', CATEGORY.experience, 'api/widget-data/card', {
    w: 2,
    dataFilters: { MeasurementType: 2, Scale: 11, Deviate: true },
    filterFields: [...EXPERIENCE_FIELDS, 'Deviate'],
    requiredFilters: ['ExperienceId'],
    valueField: 'Value',
    showDeviation: true,
    allowThirdLayout: true,
  }),
  entry(28, 'journeyPerformance', 'NpsPerformanceChart', CATEGORY.experience, 'api/widget-data/journey', {
    w: 6,
    filterFields: ['JourneyConfigs', 'JourneyStageWeights'],
    requiredFilters: ['JourneyConfigs'],
  }),
  entry(29, 'npsByJourneyStage', 'NpsPerformanceChart', CATEGORY.experience, 'api/widget-data/performance', {
    w: 6,
    dataFilters: { GroupBy: 'journeyStage' },
    filterFields: [...NPS_FIELDS, 'GroupBy'],
    requiredFilters: ['GroupBy'],
  }),
  // Branch and employee performance.
  entry(
    30,
    'regionPerformance',
    'ChannelPerformanceChart',
    CATEGORY.performance,
    'api/widget-data/channel-performance',
    {
      w: 6,
      dataFilters: { ParentChannelLevel: 1, ChannelColumnLevel: 1 },
      filterFields: [...NPS_FIELDS, 'ParentChannelLevel', 'ChannelColumnLevel', 'TopNToggle', 'TopNCount'],
      requiredFilters: ['ParentChannelLevel', 'ChannelColumnLevel'],
      drillDownField: 'ChannelSet',
    },
  ),
  entry(
    31,
    'employeePerformance',
    'NpsPerformanceChart',
    CATEGORY.performance,
    'api/widget-data/performance',
    {
      w: 6,
      dataFilters: { GroupBy: 'employee', TopNToggle: true, TopNCount: 15, MinimumResponseCount: 5 },
      filterFields: [...NPS_FIELDS, 'GroupBy', 'TopNToggle', 'TopNCount', 'MinimumResponseCount'],
      requiredFilters: ['GroupBy'],
    },
  ),
  entry(32, 'regionRanking', 'RankingCard', CATEGORY.performance, 'api/widget-data/card', {
    w: 2,
    dataFilters: { ChannelColumnLevel: 1 },
    filterFields: [...NPS_FIELDS, 'ChannelColumnLevel'],
    requiredFilters: ['ChannelColumnLevel'],
    valueField: 'Value',
    allowThirdLayout: true,
  }),
  // Text analytics (endpoints come with the text-analytics issue).
  entry(33, 'impactButterfly', 'Chart', CATEGORY.textAnalytics, 'api/text-analytics/impact', {
    w: 6,
    dataFilters: { ImpactType: 3, ImpactValueType: 1 },
    filterFields: ['SurveyId', 'TopicModelId', 'ImpactType', 'ImpactValueType', 'MinimumResponseCount'],
    requiredFilters: ['TopicModelId', 'ImpactType'],
    showNpsImpact: true,
  }),
  entry(34, 'closedEndImpact', 'Chart', CATEGORY.experience, 'api/widget-data/closed-end-impact', {
    w: 6,
    dataFilters: { ImpactType: 3 },
    filterFields: ['ClosedEndSurveyId', 'OrderedQuestionIds', 'ImpactType'],
    requiredFilters: ['ClosedEndSurveyId'],
    showAverageNpsScoreImpact: true,
  }),
  entry(
    35,
    'topPhrases',
    'ExperiencePerformanceChart',
    CATEGORY.textAnalytics,
    'api/text-analytics/top-phrases',
    {
      w: 6,
      dataFilters: { Limit: 20 },
      filterFields: ['SurveyId', 'QuestionId', 'Limit', 'SentimentFilter'],
    },
  ),
  entry(36, 'emotionCurve', 'EmotionCurveChart', CATEGORY.textAnalytics, 'api/text-analytics/emotion-curve', {
    w: 6,
    filterFields: ['SurveyId', 'TopicModelId', 'JourneyConfigs'],
    requiredFilters: ['TopicModelId'],
  }),
  entry(
    37,
    'sentimentByBranch',
    'SentimentBranchPerformanceChart',
    CATEGORY.comments,
    'api/text-analytics/sentiment-branch',
    {
      w: 6,
      dataFilters: { ChannelColumnLevel: 2 },
      filterFields: ['SurveyId', 'ChannelColumnLevel', 'TopNToggle', 'TopNCount'],
      requiredFilters: ['ChannelColumnLevel'],
    },
  ),
  entry(38, 'topicTrend', 'TrendChart', CATEGORY.textAnalytics, 'api/text-analytics/trend', {
    w: 6,
    dataFilters: { CategoryType: 'MM', TrendTypeField: 'topics', TrendSeriesValue: 'percentage' },
    filterFields: ['SurveyId', 'TopicModelId', 'CategoryType', 'TrendTypeField', 'TrendSeriesValue'],
    requiredFilters: ['TopicModelId', 'CategoryType'],
  }),
];
