import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import type { LookupTreeNode } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  hiddenFilterKeys,
  panelFilterFromParams,
  reconcileLinkFilter,
  reportFilterOf,
  scopedRestrictions,
  startingFilter,
  timeFromParams,
  withPanelFilterParam,
  withTimeParams,
} from './report-filter-params';

const now = dayjs('2026-11-21T15:30:00').locale('tr');
const days = (time: { range: [dayjs.Dayjs, dayjs.Dayjs] }) =>
  time.range.map((day) => day.format('YYYY-MM-DD'));
const params = (init: Record<string, string>) => new URLSearchParams(init);

describe('the time range in the address', () => {
  it('opens on 1 January to today as "this year"', () => {
    const time = timeFromParams(params({}), now, 0);
    expect([days(time), time.period]).toEqual([['2026-01-01', '2026-11-21'], 'thisYear']);
  });

  it('works a preset out again as of today, an unknown one as the last 30 days', () => {
    expect(days(timeFromParams(params({ period: 'lastMonth' }), now, 0))).toEqual([
      '2026-10-01',
      '2026-10-31',
    ]);
    const unknown = timeFromParams(params({ period: 'nextCentury' }), now, 0);
    expect([days(unknown), unknown.period]).toEqual([['2026-10-23', '2026-11-21'], 'last30Days']);
  });

  it('reads fixed days, and falls back to the default for broken ones', () => {
    const fixed = timeFromParams(params({ from: '2026-03-01', to: '2026-03-15' }), now, 0);
    expect([days(fixed), fixed.period]).toEqual([['2026-03-01', '2026-03-15'], undefined]);
    const brokenRanges: Record<string, string>[] = [
      { from: '2026-03-15', to: '2026-03-01' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-03-01' },
    ];
    for (const broken of brokenRanges) {
      expect(days(timeFromParams(params(broken), now, 0)), JSON.stringify(broken)).toEqual([
        '2026-01-01',
        '2026-11-21',
      ]);
    }
  });

  it('keeps the range inside the licence retention', () => {
    expect(days(timeFromParams(params({}), now, 3))).toEqual(['2026-08-20', '2026-11-21']);
    expect(days(timeFromParams(params({ from: '2026-01-01', to: '2026-12-31' }), now, 1))).toEqual([
      '2026-10-21',
      '2026-11-21',
    ]);
  });

  it('writes a preset by name and a custom range by its days, keeping other parameters', () => {
    const start = params({ filter: '{}', from: 'x', to: 'y' });
    expect(withTimeParams(start, { range: [now, now], period: 'today' }).toString()).toBe(
      'filter=%7B%7D&period=today',
    );
    expect(
      withTimeParams(params({ period: 'today' }), {
        range: [dayjs('2026-03-01'), dayjs('2026-03-15')],
        period: undefined,
      }).toString(),
    ).toBe('from=2026-03-01&to=2026-03-15');
  });
});

describe('the panel filter in the address', () => {
  const fallback = { ChannelSet: { Ids: [4] } };

  it('round-trips a filter and drops its empty values', () => {
    const written = withPanelFilterParam(params({ period: 'today' }), {
      Segments: ['1;2'],
      SurveyId: [],
      RespondentType: 0,
    });
    expect(panelFilterFromParams(written, fallback)).toEqual({ Segments: ['1;2'], RespondentType: 0 });
    expect(written.get('period')).toBe('today');
  });

  it('uses the report starting filter without a parameter, or with one that is not a filter', () => {
    expect(panelFilterFromParams(params({}), fallback)).toBe(fallback);
    expect(panelFilterFromParams(params({ filter: '{oops' }), fallback)).toBe(fallback);
    expect(panelFilterFromParams(params({ filter: '{"ScoreRange":{"min":9,"max":2}}' }), fallback)).toBe(
      fallback,
    );
  });

  it('keeps a cleared filter cleared rather than going back to the starting filter', () => {
    expect(panelFilterFromParams(withPanelFilterParam(params({}), {}), fallback)).toEqual({});
  });
});

describe('the report filter the widgets get', () => {
  it('joins the time range as calendar days, the preset and the panel filter', () => {
    const time = timeFromParams(params({ period: 'thisMonth' }), now, 0);
    expect(reportFilterOf(time, { SessionStatus: 0, Segments: ['1;2'] })).toEqual({
      TimeRange: ['2026-11-01', '2026-11-21'],
      TimePeriod: 'thisMonth',
      Segments: ['1;2'],
    });
    expect(reportFilterOf({ ...time, period: undefined }, {})).toEqual({
      TimeRange: ['2026-11-01', '2026-11-21'],
    });
  });
});

describe('scoped reports', () => {
  const user = { TransactionChannels: [7, 8], Products: [3], Employees: [11] };

  it("starts from the report's own filters", () => {
    expect(
      startingFilter({ filters: { Segments: ['1;2'], ChannelSet: { Ids: [1] }, Unknown: 1 } }, user),
    ).toEqual({
      Segments: ['1;2'],
      ChannelSet: { Ids: [1] },
    });
    expect(startingFilter({ filters: 'nonsense' }, user)).toEqual({});
  });

  it("pre-filters a scoped report by the user's first channel and product", () => {
    expect(startingFilter({ scopedData: true, filters: { ChannelSet: { Ids: [1] } } }, user)).toEqual({
      ChannelSet: { Ids: [7] },
      ProductSet: { Ids: [3] },
    });
    expect(
      startingFilter({ scopedData: true }, { TransactionChannels: [], Products: [], Employees: [] }),
    ).toEqual({});
  });

  it('restricts the panel only on a scoped report, employees only with scopedDataForEmployee', () => {
    expect(scopedRestrictions({}, user)).toEqual({ channelIds: [], productIds: [], employeeIds: [] });
    expect(scopedRestrictions({ scopedData: true }, user)).toEqual({
      channelIds: [7, 8],
      productIds: [3],
      employeeIds: [],
    });
    expect(scopedRestrictions({ scopedDataForEmployee: true }, user).employeeIds).toEqual([11]);
  });
});

describe('a shared link opened by a user with scoped data', () => {
  const node = (Id: number, Children: LookupTreeNode[] = [], Selectable = true): LookupTreeNode => ({
    Id,
    Name: `Node ${Id}`,
    Code: `N${Id}`,
    Level: 1,
    ParentId: null,
    Selectable,
    Children,
  });
  // The lookups answer the user's trees: the allowed nodes with all below them, their ancestors as paths. Channel
  // 3 (another region) and product 40 are not in them.
  const trees = {
    channels: [node(1, [node(7, [node(71), node(72)]), node(8)], false)],
    products: [node(30, [node(3, [node(31)])], false)],
  };
  const user = { TransactionChannels: [7, 8], Products: [3], Employees: [] };
  const scoped = { scopedData: true };

  it('drops values outside the restriction, with a notice, and keeps the restriction’s own chips', () => {
    // The link names channel 3 and no product: channel 3 goes, the user's first channel and product stay.
    const link = { ChannelSet: { Ids: [3] }, Segments: ['1;2'] };
    expect(reconcileLinkFilter({ filter: link, config: scoped, user, trees })).toEqual({
      filter: { ChannelSet: { Ids: [7] }, ProductSet: { Ids: [3] }, Segments: ['1;2'] },
      dropped: [{ key: 'ChannelSet', ids: [3] }],
    });
  });

  it('keeps the values within the restriction, below an allowed node too', () => {
    const link = { ChannelSet: { Ids: [71, 3, 8] }, ProductSet: { Ids: [31, 40] } };
    expect(reconcileLinkFilter({ filter: link, config: scoped, user, trees })).toEqual({
      filter: { ChannelSet: { Ids: [71, 8] }, ProductSet: { Ids: [31] } },
      dropped: [
        { key: 'ChannelSet', ids: [3] },
        { key: 'ProductSet', ids: [40] },
      ],
    });
  });

  it('drops out-of-scope values on an unscoped report too (the server would intersect them to nothing)', () => {
    expect(reconcileLinkFilter({ filter: { ChannelSet: { Ids: [3] } }, config: {}, user, trees })).toEqual({
      filter: {},
      dropped: [{ key: 'ChannelSet', ids: [3] }],
    });
  });

  it('checks nothing against a tree it could not load', () => {
    const link = { ChannelSet: { Ids: [3] } };
    expect(
      reconcileLinkFilter({ filter: link, config: scoped, user, trees: { products: trees.products } }),
    ).toEqual({ filter: { ChannelSet: { Ids: [3] }, ProductSet: { Ids: [3] } }, dropped: [] });
  });

  it('leaves the filter alone for a user without restrictions', () => {
    const link = { ChannelSet: { Ids: [3] } };
    const free = { TransactionChannels: [], Products: [], Employees: [] };
    expect(reconcileLinkFilter({ filter: link, config: scoped, user: free, trees })).toEqual({
      filter: link,
      dropped: [],
    });
  });
});

describe('filters a report hides', () => {
  it('hides nothing but the topic filter by default', () => {
    expect(hiddenFilterKeys({})).toEqual(['UserDimensionFilters2']);
    expect(hiddenFilterKeys({ textAnalyticsFilter2Visible: true })).toEqual([]);
  });

  it('hides the listed keys and, with advanced filters on, the advanced ones not chosen', () => {
    expect(hiddenFilterKeys({ hiddenFilters: ['Segments', 3], textAnalyticsFilter2Visible: true })).toEqual([
      'Segments',
    ]);
    expect(
      hiddenFilterKeys({
        hasAdvancedFilter: true,
        advancedFilters: ['survey', 'channel'],
        textAnalyticsFilter2Visible: true,
      }).sort(),
    ).toEqual(['ProductSet', 'QuestionId', 'Segments', 'TransactionTypeId']);
    expect(hiddenFilterKeys({ hasAdvancedFilter: true, textAnalyticsFilter2Visible: true })).toEqual([]);
    expect(
      hiddenFilterKeys({
        hasAdvancedFilter: false,
        advancedFilters: ['survey'],
        textAnalyticsFilter2Visible: true,
      }),
    ).toEqual([]);
  });
});
