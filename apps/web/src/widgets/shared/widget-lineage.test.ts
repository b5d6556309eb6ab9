import { describe, expect, it } from 'vitest';
import {
  lineageBars,
  lineageCells,
  lineageHref,
  lineagePoints,
  lineageRegions,
  lineageSegments,
  offersBarResponses,
  offersCellResponses,
  offersPointResponses,
  offersRegionResponses,
  offersResponses,
  offersSegmentResponses,
} from './widget-lineage';

describe('widget lineage', () => {
  it('is offered on figures with a response count, to callers of the analyzer', () => {
    const gauge = { dataEndpoint: 'api/widget-data/nps' };
    expect(offersResponses(gauge, ['report:read', 'response:readall'])).toBe(true);
    expect(offersResponses(gauge, ['report:read'])).toBe(false);
    expect(offersResponses({ dataEndpoint: 'api/widget-data/journey' }, ['feedbackAnalysis'])).toBe(false);
    const ranking = { dataEndpoint: 'api/widget-data/card', dataFilters: { ChannelColumnLevel: 2 } };
    expect(offersResponses(ranking, ['feedbackAnalysis'])).toBe(false);
  });

  it('lists the bars of grouped charts, each with its CategoryId and responses', () => {
    const chart = { dataEndpoint: 'api/widget-data/channel-performance' };
    expect(offersResponses(chart, ['feedbackAnalysis'])).toBe(true);
    expect(offersResponses(chart, ['report:read'])).toBe(false);
    expect(offersBarResponses(chart)).toBe(true);
    expect(offersBarResponses({ dataEndpoint: 'api/widget-data/performance' })).toBe(true);
    expect(offersBarResponses({ dataEndpoint: 'api/widget-data/nps' })).toBe(false);
    expect(offersBarResponses({ dataEndpoint: 'api/widget-data/journey' })).toBe(false);
    expect(
      lineageBars([
        { Category: 'North', CategoryId: 7, Responses: 12 },
        { Category: 'No id', CategoryId: null, Responses: 3 },
        { CategoryId: 9, Responses: 0 },
      ]),
    ).toEqual([
      { id: 7, name: 'North', responses: 12 },
      { id: 9, name: '#9', responses: 0 },
    ]);
    expect(lineageBars({ Value: 1 })).toEqual([]);
    expect(lineageBars(undefined)).toEqual([]);
  });

  it('lists the points of trends once each, with their Category and responses', () => {
    const trend = { dataEndpoint: 'api/widget-data/trend' };
    expect(offersResponses(trend, ['feedbackAnalysis'])).toBe(true);
    expect(offersResponses(trend, ['report:read'])).toBe(false);
    expect(offersPointResponses(trend)).toBe(true);
    expect(offersPointResponses({ dataEndpoint: 'api/widget-data/respondent-trend' })).toBe(true);
    expect(offersPointResponses({ dataEndpoint: 'api/widget-data/days-of-week' })).toBe(false);
    expect(offersPointResponses({ dataEndpoint: 'api/text-analytics/trend' })).toBe(false);
    expect(offersResponses({ dataEndpoint: 'api/text-analytics/trend' }, ['feedbackAnalysis'])).toBe(false);
    expect(offersPointResponses({ dataEndpoint: 'api/widget-data/channel-performance' })).toBe(false);
    // A respondent trend: three series rows per point, each with the point's Responses.
    expect(
      lineagePoints([
        { Category: '2026-02', SubCategory: 'Promoter', Responses: 8 },
        { Category: '2026-02', SubCategory: 'Neutral', Responses: 8 },
        { Category: '2026-03', SubCategory: 'Promoter', Responses: 5 },
        { Category: 'Total', Responses: 13 },
        { Category: '2026-W10', Responses: 2 },
        { Responses: 1 },
      ]),
    ).toEqual([
      { category: '2026-02', responses: 8 },
      { category: '2026-03', responses: 5 },
      { category: '2026-W10', responses: 2 },
    ]);
    expect(lineagePoints({ Value: 1 })).toEqual([]);
    expect(lineagePoints(undefined)).toEqual([]);
  });

  it('lists the regions of maps and the segments of per-segment gauges, with their ids and responses', () => {
    const map = { dataEndpoint: 'api/widget-data/map' };
    const segments = { dataEndpoint: 'api/widget-data/segments' };
    for (const config of [map, segments]) {
      expect(offersResponses(config, ['feedbackAnalysis'])).toBe(true);
      expect(offersResponses(config, ['report:read'])).toBe(false);
      expect(offersBarResponses(config)).toBe(false);
      expect(offersPointResponses(config)).toBe(false);
    }
    expect(offersRegionResponses(map)).toBe(true);
    expect(offersRegionResponses(segments)).toBe(false);
    expect(offersSegmentResponses(segments)).toBe(true);
    expect(offersSegmentResponses(map)).toBe(false);
    expect(offersRegionResponses({ dataEndpoint: 'api/widget-data/trend' })).toBe(false);
    expect(
      lineageRegions([
        { LocationId: 34, Location: 'İstanbul', MapCode: 'TR-34', Responses: 12 },
        { LocationId: 6, Location: 'Ankara', Responses: 3 },
        { LocationId: 0, Location: 'None', Responses: 1 },
        { LocationId: 2147483648, Location: 'Too big', Responses: 1 },
        { Location: 'No id', Responses: 1 },
      ]),
    ).toEqual([
      { id: 34, name: 'İstanbul', responses: 12 },
      { id: 6, name: 'Ankara', responses: 3 },
    ]);
    expect(
      lineageSegments({
        SegmentData: [
          { SegmentId: 1, SegmentName: 'Gold', SegmentValue: 40, SegmentResponseCount: 7 },
          { SegmentId: 2, SegmentName: 'Silver', SegmentValue: null, SegmentResponseCount: 0 },
          { SegmentName: 'Old server', SegmentValue: 10, SegmentResponseCount: 2 },
        ],
      }),
    ).toEqual([
      { id: 1, name: 'Gold', responses: 7 },
      { id: 2, name: 'Silver', responses: 0 },
    ]);
    expect(lineageRegions({ SegmentData: [] })).toEqual([]);
    expect(lineageSegments([{ LocationId: 34 }])).toEqual([]);
    expect(lineageSegments(undefined)).toEqual([]);
  });

  it('lists the cells of the days-of-week chart, with their weekday, part of day and responses', () => {
    const days = { dataEndpoint: 'api/widget-data/days-of-week' };
    expect(offersResponses(days, ['feedbackAnalysis'])).toBe(true);
    expect(offersResponses(days, ['report:read'])).toBe(false);
    expect(offersCellResponses(days)).toBe(true);
    expect(offersPointResponses(days)).toBe(false);
    expect(offersRegionResponses(days)).toBe(false);
    expect(offersCellResponses({ dataEndpoint: 'api/widget-data/trend' })).toBe(false);
    expect(
      lineageCells([
        { WeekOfDay: 1, PartOfDay: '09-12', Value: 40, Responses: 15 },
        { WeekOfDay: 7, PartOfDay: '21-00', Value: -10, Responses: 2 },
        { WeekOfDay: 8, PartOfDay: '09-12', Value: 0, Responses: 1 },
        { WeekOfDay: 2, PartOfDay: '09-13', Value: 0, Responses: 1 },
        { WeekOfDay: 2.5, PartOfDay: '09-12', Value: 0, Responses: 1 },
        { PartOfDay: '09-12', Responses: 1 },
      ]),
    ).toEqual([
      { WeekOfDay: 1, PartOfDay: '09-12', responses: 15 },
      { WeekOfDay: 7, PartOfDay: '21-00', responses: 2 },
    ]);
    expect(lineageCells({ SegmentData: [] })).toEqual([]);
    expect(lineageCells(undefined)).toEqual([]);
    const href = lineageHref(
      42,
      { ...days, dataFilters: { TimeColumn: 'AnsweredDateId' } },
      { TimeRange: ['2026-07-01', '2026-07-31'] },
      { cell: { WeekOfDay: 3, PartOfDay: '18-21' } },
    );
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('widget')).toBe('42');
    expect(params.get('timeColumn')).toBe('AnsweredDateId');
    expect(params.get('weekday')).toBe('3');
    expect(params.get('partOfDay')).toBe('18-21');
  });
});
