import { describe, expect, it } from 'vitest';
import {
  dataFiltersOf,
  hasWidgetData,
  masterWidgetsOf,
  needsTopicModel,
  waitsForFilters,
  widgetDataSchema,
  widgetEndpoint,
  widgetKindOf,
  widgetRequest,
} from './widget-data';

const card = {
  Value: 40,
  ValueOrigin: 25,
  Responses: 10,
  ResponsesOrigin: 8,
  Deviation: 15,
  Ranking: 3,
  TotalCount: 12,
  RankedChannel: 'North-2',
};

describe('widget data call', () => {
  it('reads the kind from Config.type', () => {
    expect(widgetKindOf({ type: 'NpsGaugeChart' })).toBe('NpsGaugeChart');
    expect(widgetKindOf({ type: 'PieChart' })).toBeUndefined();
    expect(widgetKindOf({})).toBeUndefined();
  });

  it('posts to /api/ + the endpoint without its first four characters', () => {
    expect(widgetEndpoint({ dataEndpoint: 'api/widget-data/nps' })).toBe('/api/widget-data/nps');
    expect(widgetEndpoint({ dataEndpoint: 'api/' })).toBeUndefined();
    expect(widgetEndpoint({})).toBeUndefined();
  });

  it('posts the report filter, the master drill over it, the report id and the dataFilters', () => {
    const body = widgetRequest({
      filter: { TimeRange: ['2024-01-01', '2024-03-31'], ChannelSet: { Ids: [1] }, SurveyId: [4] },
      masterFilter: { ChannelSet: { Ids: [7] } },
      reportId: 5,
      dataFilters: { TimeColumn: 'AnsweredDateId', Deviate: true },
    });
    expect(body).toEqual({
      TimeRange: ['2024-01-01', '2024-03-31'],
      ChannelSet: { Ids: [7] },
      SurveyId: [4],
      ReportId: 5,
      DataFilters: { TimeColumn: 'AnsweredDateId', Deviate: true },
    });
  });

  it('reads dataFilters and masterWidgets defensively', () => {
    expect(dataFiltersOf({ dataFilters: [] })).toEqual({});
    expect(dataFiltersOf({ dataFilters: { Scale: 5 } })).toEqual({ Scale: 5 });
    expect(masterWidgetsOf({ masterWidgets: [3, 'x', 4.5, 9] })).toEqual([3, 9]);
    expect(masterWidgetsOf({})).toEqual([]);
  });

  it('warns about the topic model only when one is required and missing', () => {
    expect(needsTopicModel({ requiredFilters: ['TopicModelId'], dataFilters: {} })).toBe(true);
    expect(needsTopicModel({ requiredFilters: ['TopicModelId'], dataFilters: { TopicModelId: null } })).toBe(
      true,
    );
    expect(needsTopicModel({ requiredFilters: ['TopicModelId'], dataFilters: { TopicModelId: 2 } })).toBe(
      false,
    );
    expect(needsTopicModel({ requiredFilters: ['TopicModelIds'], dataFilters: { TopicModelIds: [] } })).toBe(
      true,
    );
    expect(needsTopicModel({ requiredFilters: ['CategoryType'], dataFilters: {} })).toBe(false);
  });

  it('lets tables and comment highlights wait for applied filters', () => {
    expect(waitsForFilters('ODataTable')).toBe(true);
    expect(waitsForFilters('SurveyAnswersTable')).toBe(true);
    expect(waitsForFilters('CommentsHighlightChart')).toBe(true);
    expect(waitsForFilters('TrendChart')).toBe(false);
  });

  it('reads each kind with its shape', () => {
    expect(widgetDataSchema('Card').parse(card)).toEqual(card);
    expect(() => widgetDataSchema('NpsGaugeChart').parse(card)).toThrow();
    expect(widgetDataSchema('DaysOfWeekBubbleChart').parse([])).toEqual([]);
  });
});

describe('hasWidgetData', () => {
  it('finds lists empty without rows', () => {
    expect(hasWidgetData('TrendChart', [])).toBe(false);
    expect(hasWidgetData('TrendChart', [{ Category: '2024-01' }])).toBe(true);
  });

  it('finds figures empty without responses', () => {
    expect(hasWidgetData('Card', card)).toBe(true);
    expect(hasWidgetData('Card', { ...card, Value: null, Responses: 0 })).toBe(false);
    expect(
      hasWidgetData('GaugeChart', { Value: null, Responses: 0, Deviation: null, DeviationValue: null }),
    ).toBe(false);
    expect(hasWidgetData('GaugeChart', { Value: 7.5 })).toBe(true);
    expect(hasWidgetData('GaugeChart', { Value: null })).toBe(false);
  });

  it('finds segments, pages and comments empty without items', () => {
    expect(hasWidgetData('SegmentedGaugeChart', { SegmentData: [] })).toBe(false);
    expect(
      hasWidgetData('SegmentedGaugeChart', {
        SegmentData: [{ SegmentName: 'Gold', SegmentValue: 20, SegmentResponseCount: 5 }],
      }),
    ).toBe(true);
    expect(hasWidgetData('CommentsHighlightChart', { Count: 0, Items: [] })).toBe(false);
    expect(hasWidgetData('CommentsHighlightChart', { Count: 3 })).toBe(true);
  });

  it('needs the ranking for a ranking card', () => {
    expect(hasWidgetData('RankingCard', card)).toBe(true);
    expect(hasWidgetData('RankingCard', { ...card, Ranking: null })).toBe(true);
    expect(hasWidgetData('RankingCard', { ...card, Ranking: null, TotalCount: 0 })).toBe(false);
  });

  it('finds nothing in null or a bare value', () => {
    expect(hasWidgetData('Card', null)).toBe(false);
    expect(hasWidgetData('Chart', 'x')).toBe(false);
    expect(hasWidgetData('Chart', {})).toBe(false);
  });
});
