import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lineageHref } from '@/widgets/shared/widget-lineage';
import { analyzerBody, analyzerParams, analyzerStateOf } from './analyzer-filter';

const NOW = dayjs('2026-11-29T12:00:00');

describe('analyzer filter in the address', () => {
  it('reads the home link: its days on the answered date', () => {
    const state = analyzerStateOf(
      new URLSearchParams('from=2026-11-23&to=2026-11-29&timeColumn=AnsweredDateId'),
      NOW,
      0,
    );
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-11-23', '2026-11-29'],
      TimeColumn: 'AnsweredDateId',
    });
  });

  it('falls back to this year on the transaction date, and drops a filter that does not parse', () => {
    const state = analyzerStateOf(new URLSearchParams('from=2026-13-01&timeColumn=Nope&filter={x'), NOW, 0);
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-01-01', '2026-11-29'],
      TimeColumn: 'TransactionDateId',
    });
  });

  it('writes the panel filter and reads it back', () => {
    const state = analyzerStateOf(new URLSearchParams(), NOW, 0);
    const params = analyzerParams({ ...state, panel: { SurveyId: [3], ChannelSet: { Ids: [] } } });
    expect(params.get('filter')).toBe('{"SurveyId":[3]}');
    expect(analyzerStateOf(params, NOW, 0).panel).toEqual({ SurveyId: [3] });
    expect(analyzerParams(state).has('filter')).toBe(false);
  });

  it("opens the analyzer on the widget's filter, which the analyzer posts back with the widget", () => {
    const href = lineageHref(
      42,
      { dataEndpoint: 'api/widget-data/nps', dataFilters: { TimeColumn: 'AnsweredDateId' } },
      { TimeRange: ['2026-03-01', '2026-03-31'], ChannelSet: { Ids: [7] }, SurveyId: [] },
    );
    const params = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith('/responses-analyzer?')).toBe(true);
    expect(analyzerBody(analyzerStateOf(params, NOW, 0))).toEqual({
      TimeRange: ['2026-03-01', '2026-03-31'],
      TimeColumn: 'AnsweredDateId',
      ChannelSet: { Ids: [7] },
      Widget: { WidgetId: 42 },
    });
  });

  it('opens the analyzer on one bar of a grouped chart, and ignores a bar without a widget', () => {
    const href = lineageHref(
      42,
      { dataEndpoint: 'api/widget-data/channel-performance' },
      { TimeRange: ['2026-03-01', '2026-03-31'], ChannelSet: { Ids: [7] } },
      { group: 11 },
    );
    const state = analyzerStateOf(new URLSearchParams(href.split('?')[1]), NOW, 0);
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-03-01', '2026-03-31'],
      TimeColumn: 'TransactionDateId',
      ChannelSet: { Ids: [7] },
      Widget: { WidgetId: 42, Group: { CategoryId: 11 } },
    });
    expect(analyzerParams(state).get('group')).toBe('11');
    expect(analyzerStateOf(new URLSearchParams({ group: '11' }), NOW, 0).group).toBeUndefined();
    for (const group of ['0', '2147483648', 'x']) {
      expect(
        analyzerStateOf(new URLSearchParams({ widget: '42', group }), NOW, 0).group,
        group,
      ).toBeUndefined();
    }
  });

  it('opens the analyzer on one point of a trend, and ignores a bad point or one without a widget', () => {
    const href = lineageHref(
      42,
      { dataEndpoint: 'api/widget-data/trend', dataFilters: { TimeColumn: 'AnsweredDateId' } },
      { TimeRange: ['2026-03-01', '2026-03-31'], SurveyId: [3] },
      { point: '2026-W10' },
    );
    expect(href).toContain('point=2026-W10');
    const state = analyzerStateOf(new URLSearchParams(href.split('?')[1]), NOW, 0);
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-03-01', '2026-03-31'],
      TimeColumn: 'AnsweredDateId',
      SurveyId: [3],
      Widget: { WidgetId: 42, Group: { Category: '2026-W10' } },
    });
    expect(analyzerParams(state).get('point')).toBe('2026-W10');
    expect(analyzerStateOf(new URLSearchParams({ point: '2026-03' }), NOW, 0).point).toBeUndefined();
    // A bar wins over a point: the server takes one Group.
    const both = analyzerStateOf(
      new URLSearchParams({ widget: '42', group: '11', point: '2026-03' }),
      NOW,
      0,
    );
    expect(analyzerBody(both).Widget).toEqual({ WidgetId: 42, Group: { CategoryId: 11 } });
    for (const point of ['March', '2026-3', '2026-03-05x', '2026-Q5', '2026-03\u0000', '']) {
      const bad = analyzerStateOf(new URLSearchParams({ widget: '42', point }), NOW, 0);
      expect(bad.point, point).toBeUndefined();
      expect(analyzerBody(bad).Widget, point).toEqual({ WidgetId: 42 });
    }
  });

  it('opens the analyzer on one region of a map or one segment of a per-segment gauge, and ignores bad ones', () => {
    const cases = [
      ['api/widget-data/map', { location: 34 }, 'location', { LocationId: 34 }],
      ['api/widget-data/segments', { segment: 5 }, 'segment', { SegmentId: 5 }],
    ] as const;
    for (const [dataEndpoint, part, param, group] of cases) {
      const href = lineageHref(
        42,
        { dataEndpoint },
        { TimeRange: ['2026-03-01', '2026-03-31'], SurveyId: [3] },
        part,
      );
      const state = analyzerStateOf(new URLSearchParams(href.split('?')[1]), NOW, 0);
      expect(analyzerBody(state)).toEqual({
        TimeRange: ['2026-03-01', '2026-03-31'],
        TimeColumn: 'TransactionDateId',
        SurveyId: [3],
        Widget: { WidgetId: 42, Group: group },
      });
      expect(analyzerParams(state).get(param)).toBe(String(Object.values(part)[0]));
      // Only with a widget, and only a positive int32 id.
      expect(analyzerStateOf(new URLSearchParams({ [param]: '34' }), NOW, 0)[param]).toBeUndefined();
      for (const bad of ['0', '-1', '2147483648', 'x', '1.5', '']) {
        const ignored = analyzerStateOf(new URLSearchParams({ widget: '42', [param]: bad }), NOW, 0);
        expect(ignored[param], bad).toBeUndefined();
        expect(analyzerBody(ignored).Widget, bad).toEqual({ WidgetId: 42 });
      }
      // A bar or a point wins: the server takes one Group.
      const withBar = analyzerStateOf(
        new URLSearchParams({ widget: '42', group: '11', [param]: '34' }),
        NOW,
        0,
      );
      expect(withBar[param]).toBeUndefined();
      expect(analyzerBody(withBar).Widget).toEqual({ WidgetId: 42, Group: { CategoryId: 11 } });
      const withPoint = analyzerStateOf(
        new URLSearchParams({ widget: '42', point: '2026-03', [param]: '34' }),
        NOW,
        0,
      );
      expect(analyzerBody(withPoint).Widget).toEqual({ WidgetId: 42, Group: { Category: '2026-03' } });
    }
    // A region wins over a segment.
    const both = analyzerStateOf(new URLSearchParams({ widget: '42', location: '34', segment: '5' }), NOW, 0);
    expect(both.segment).toBeUndefined();
    expect(analyzerBody(both).Widget).toEqual({ WidgetId: 42, Group: { LocationId: 34 } });
    expect(analyzerParams(both).has('segment')).toBe(false);
  });

  it('opens the analyzer on one cell of the days-of-week chart, and ignores bad ones', () => {
    const href = lineageHref(
      42,
      { dataEndpoint: 'api/widget-data/days-of-week' },
      { TimeRange: ['2026-07-01', '2026-07-31'], SurveyId: [3] },
      { cell: { WeekOfDay: 1, PartOfDay: '09-12' } },
    );
    const state = analyzerStateOf(new URLSearchParams(href.split('?')[1]), NOW, 0);
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-07-01', '2026-07-31'],
      TimeColumn: 'TransactionDateId',
      SurveyId: [3],
      Widget: { WidgetId: 42, Group: { WeekOfDay: 1, PartOfDay: '09-12' } },
    });
    expect(analyzerParams(state).get('weekday')).toBe('1');
    expect(analyzerParams(state).get('partOfDay')).toBe('09-12');
    // Only with a widget, and only both keys as the server takes them.
    const cell = { weekday: '1', partOfDay: '09-12' };
    expect(analyzerStateOf(new URLSearchParams(cell), NOW, 0).cell).toBeUndefined();
    for (const bad of [
      { weekday: '0', partOfDay: '09-12' },
      { weekday: '8', partOfDay: '09-12' },
      { weekday: '1.5', partOfDay: '09-12' },
      { weekday: '01', partOfDay: '09-12' },
      { weekday: '1', partOfDay: '09-13' },
      { weekday: '1', partOfDay: '' },
      { weekday: '1' },
      { partOfDay: '09-12' },
    ] as Record<string, string>[]) {
      const ignored = analyzerStateOf(new URLSearchParams({ widget: '42', ...bad }), NOW, 0);
      expect(ignored.cell, JSON.stringify(bad)).toBeUndefined();
      expect(analyzerBody(ignored).Widget, JSON.stringify(bad)).toEqual({ WidgetId: 42 });
      expect(analyzerParams(ignored).has('weekday')).toBe(false);
    }
    // Any other part wins: the server takes one Group.
    const withSegment = analyzerStateOf(new URLSearchParams({ widget: '42', segment: '5', ...cell }), NOW, 0);
    expect(withSegment.cell).toBeUndefined();
    expect(analyzerBody(withSegment).Widget).toEqual({ WidgetId: 42, Group: { SegmentId: 5 } });
    expect(analyzerParams(withSegment).has('partOfDay')).toBe(false);
  });

  it('ignores a widget id in the address that is not an int32 id', () => {
    for (const widget of ['0', '-1', '2147483648', 'x', '1.5']) {
      const state = analyzerStateOf(new URLSearchParams({ widget }), NOW, 0);
      expect(state.widget, widget).toBeUndefined();
    }
  });
});
