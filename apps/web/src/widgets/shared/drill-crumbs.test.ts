import { describe, expect, it } from 'vitest';
import {
  atDeepestLevel,
  canDrill,
  channelCrumb,
  crumbsWithRoot,
  drillDown,
  drillFromParams,
  drillUp,
  masterFilter,
  ownDrill,
  selectedLeaf,
  withDrillParam,
  withOwnDrill,
  type DrillCrumb,
} from './drill-crumbs';

const marmara: DrillCrumb = {
  id: 5,
  label: 'Marmara',
  filter: { ChannelSet: { Ids: [5] } },
  dataFilters: { ChannelColumnLevel: 3 },
};
const istanbul: DrillCrumb = {
  id: 17,
  label: 'İstanbul',
  filter: { ChannelSet: { Ids: [17] } },
  dataFilters: { ChannelColumnLevel: 4 },
};
const kadikoy: DrillCrumb = {
  id: 40,
  label: 'Kadıköy',
  filter: { ChannelSet: { Ids: [40] } },
  dataFilters: { ChannelColumnLevel: 5 },
};

describe('drill crumbs', () => {
  it('shows the root crumb first, then the stored crumbs', () => {
    expect(crumbsWithRoot([], 'All')).toEqual([{ id: null, label: 'All', filter: {} }]);
    expect(crumbsWithRoot([marmara], 'Tümü').map((crumb) => crumb.label)).toEqual(['Tümü', 'Marmara']);
  });

  it('drilling down adds a crumb, once for a double click, never the root', () => {
    const once = drillDown([], marmara);
    expect(once).toEqual([marmara]);
    expect(drillDown(once, marmara)).toBe(once);
    expect(drillDown(once, istanbul)).toEqual([marmara, istanbul]);
    expect(drillDown(once, { id: null, label: 'All', filter: {} })).toBe(once);
  });

  it('clicking a crumb drills up to it and drops the later ones', () => {
    const stored = [marmara, istanbul, kadikoy];
    // Shown crumbs: 0 All, 1 Marmara, 2 İstanbul, 3 Kadıköy.
    expect(drillUp(stored, 0)).toEqual([]);
    expect(drillUp(stored, 1)).toEqual([marmara]);
    expect(drillUp(stored, 2)).toEqual([marmara, istanbul]);
  });

  it('the last crumb and a lone root crumb do nothing', () => {
    const stored = [marmara, istanbul];
    expect(drillUp(stored, 2)).toBe(stored);
    const none: DrillCrumb[] = [];
    expect(drillUp(none, 0)).toBe(none);
    expect(drillUp(stored, -1)).toBe(stored);
    expect(drillUp(stored, 1.5)).toBe(stored);
  });
});

describe('drill state in the address', () => {
  it('round-trips through the drill parameter and keeps the other parameters', () => {
    const params = new URLSearchParams('period=thisYear&filter=%7B%7D');
    const next = withDrillParam(params, { 12: [marmara, istanbul], 14: [] });
    expect(next.get('period')).toBe('thisYear');
    expect(next.get('filter')).toBe('{}');
    expect(drillFromParams(next)).toEqual({ 12: [marmara, istanbul] });
  });

  it('drops the parameter when nothing is drilled', () => {
    const params = new URLSearchParams('period=thisYear&drill=%7B%7D');
    expect(withDrillParam(params, { 12: [] }).has('drill')).toBe(false);
  });

  it('reads a missing or malformed parameter as no drill', () => {
    expect(drillFromParams(new URLSearchParams())).toEqual({});
    expect(drillFromParams(new URLSearchParams('drill=not-json'))).toEqual({});
    expect(drillFromParams(new URLSearchParams('drill=%5B1%2C2%5D'))).toEqual({});
    const wrongFilter = JSON.stringify({ 12: [{ id: 5, label: 'x', filter: { ChannelSet: 'all' } }] });
    expect(drillFromParams(new URLSearchParams({ drill: wrongFilter }))).toEqual({});
  });
});

describe('master filter', () => {
  it('a slave gets its drilled master’s last crumb’s filter; undrilled masters add nothing', () => {
    expect(masterFilter({ 12: [marmara, istanbul] }, [12, 30])).toEqual({ ChannelSet: { Ids: [17] } });
    expect(masterFilter({ 12: [marmara] }, [30])).toEqual({});
    expect(masterFilter({}, [])).toEqual({});
  });

  it('with two drilled masters the deeper drill wins the shared property', () => {
    const state = { 12: [marmara, istanbul], 30: [kadikoy] };
    expect(masterFilter(state, [12, 30])).toEqual({ ChannelSet: { Ids: [17] } });
    expect(masterFilter(state, [30, 12])).toEqual({ ChannelSet: { Ids: [17] } });
    // Equal depth: the master listed later.
    expect(masterFilter({ 12: [marmara], 30: [kadikoy] }, [12, 30])).toEqual({ ChannelSet: { Ids: [40] } });
  });
});

describe('own drill', () => {
  const request = {
    TimeRange: ['2026-01-01', '2026-03-31'] as [string, string],
    ChannelSet: { Ids: [1] },
    ReportId: 3,
    DataFilters: { TimeColumn: 'TransactionDateId' as const, ParentChannelLevel: 1, ChannelColumnLevel: 2 },
  };

  it('narrows the master’s own request to the bar and moves its bars one level down', () => {
    const drilled = withOwnDrill(request, ownDrill([marmara]));
    expect(drilled).toEqual({
      TimeRange: ['2026-01-01', '2026-03-31'],
      ChannelSet: { Ids: [5] },
      ReportId: 3,
      DataFilters: { TimeColumn: 'TransactionDateId', ParentChannelLevel: 1, ChannelColumnLevel: 3 },
    });
    // Idempotent: a card that already applied it gets the same request back.
    expect(withOwnDrill(drilled, ownDrill([marmara]))).toEqual(drilled);
  });

  it('leaves an undrilled request as it is', () => {
    expect(withOwnDrill(request, ownDrill(undefined))).toBe(request);
    expect(withOwnDrill(request, ownDrill([]))).toBe(request);
  });
});

describe('channel crumb', () => {
  it('drills by the bar’s ChannelSet into the level below', () => {
    expect(channelCrumb({ Category: 'Marmara', CategoryId: 5, Level: 2 }, { leaf: false })).toEqual({
      id: 5,
      label: 'Marmara',
      filter: { ChannelSet: { Ids: [5] } },
      dataFilters: { ChannelColumnLevel: 3 },
    });
  });

  it('a bar without a level below is a leaf: it filters the slaves and leaves the master where it is', () => {
    expect(channelCrumb({ Category: 'Kadıköy', CategoryId: 40, Level: 2 }, { leaf: true })).toEqual({
      id: 40,
      label: 'Kadıköy',
      filter: { ChannelSet: { Ids: [40] } },
      leaf: true,
    });
    // Level 10 has no level below at all.
    expect(channelCrumb({ Category: 'Deep', CategoryId: 9, Level: 10 }, { leaf: false })?.leaf).toBe(true);
    expect(atDeepestLevel({ Category: 'Deep', CategoryId: 9, Level: 10 })).toBe(true);
    expect(
      channelCrumb({ Category: 'Level 9', CategoryId: 9, Level: 9 }, { leaf: false })?.dataFilters,
    ).toEqual({
      ChannelColumnLevel: 10,
    });
  });

  it('cannot drill without an id or a level', () => {
    expect(channelCrumb({ Category: 'Other', CategoryId: null, Level: 2 }, { leaf: false })).toBeNull();
    expect(channelCrumb({ Category: 'Other', CategoryId: 9, Level: null }, { leaf: true })).toBeNull();
    expect(canDrill({ Category: 'Other', CategoryId: null, Level: 2 })).toBe(false);
    expect(canDrill({ Category: 'Kadıköy', CategoryId: 40, Level: 2 })).toBe(true);
  });
});

describe('leaf crumbs', () => {
  const besiktas: DrillCrumb = {
    id: 41,
    label: 'Beşiktaş',
    filter: { ChannelSet: { Ids: [41] } },
    leaf: true,
  };
  const kadikoyLeaf: DrillCrumb = { ...kadikoy, leaf: true, dataFilters: undefined };

  it('another bar of the same level replaces a leaf crumb', () => {
    expect(drillDown([marmara, istanbul, kadikoyLeaf], besiktas)).toEqual([marmara, istanbul, besiktas]);
  });

  it('the master keeps the level the leaf is on; its slaves get the leaf', () => {
    const stored = [marmara, istanbul, kadikoyLeaf];
    expect(ownDrill(stored)).toEqual({
      filter: { ChannelSet: { Ids: [17] } },
      dataFilters: { ChannelColumnLevel: 4 },
    });
    expect(ownDrill([besiktas])).toEqual({ filter: {}, dataFilters: {} });
    expect(masterFilter({ 12: stored }, [12])).toEqual({ ChannelSet: { Ids: [40] } });
    expect(selectedLeaf(stored)).toBe(40);
    expect(selectedLeaf([marmara])).toBeNull();
    expect(selectedLeaf(undefined)).toBeNull();
  });

  it('keeps the leaf flag through the address', () => {
    const params = withDrillParam(new URLSearchParams(), { 12: [marmara, kadikoyLeaf] });
    expect(drillFromParams(params)[12]?.[1]).toEqual({
      id: 40,
      label: 'Kadıköy',
      filter: { ChannelSet: { Ids: [40] } },
      leaf: true,
    });
  });
});
