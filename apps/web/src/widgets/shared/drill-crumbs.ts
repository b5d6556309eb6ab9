import {
  FILTER_TREES,
  reportFilterSchema,
  widgetDataFiltersSchema,
  type ReportFilter,
  type WidgetDataFilters,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { z } from 'zod';

/*
 * Drill-down of master widgets as data (reports spec §4; docs/widgets-charts.md "Drill-down"). Pure, so the
 * provider in drill-context.tsx only holds state and the rules are unit-tested.
 *
 * A master widget's crumbs are the levels the user went down through. The root crumb ("All") is implied and
 * not stored; each stored crumb carries the filter it adds for the widgets that list the master in
 * Config.masterWidgets (`filter`), and for the master itself also the change to its own dataFilters
 * (`dataFilters`: a channel chart shows the next channel level).
 *
 * A bar whose level below has no data (a branch, the deepest level) cannot show a lower level; a click on it
 * still narrows the slaves, as a `leaf` crumb: the master keeps showing the level the bar is on (with the bar
 * marked), and a click on another bar of that level replaces the leaf crumb rather than adding one.
 */

/** One breadcrumb; the root crumb has id null and an empty filter. */
export type DrillCrumb = {
  id: number | null;
  label: string;
  filter: Partial<ReportFilter>;
  /** What the drill changes in the master widget's own dataFilters (e.g. the next ChannelColumnLevel). */
  dataFilters?: Partial<WidgetDataFilters>;
  /** A selection at the deepest level: filters the slaves, not the master itself. */
  leaf?: boolean;
};

/** Drill state of a report page: the stored (non-root) crumbs per master widget (report widget id). */
export type DrillState = Readonly<Record<number, readonly DrillCrumb[]>>;

/** The address's search parameter holding the drill state (report-filter-params.ts owns the others). */
const DRILL_PARAM = 'drill';

/** Channel levels 1 to 10 (reports spec §9): a bar at level 10 has no level below. */
const CHANNEL_MAX_LEVEL = FILTER_TREES.channels.depth;

const crumbSchema = z.object({
  id: z.number().int(),
  label: z.string().max(500),
  filter: reportFilterSchema.partial(),
  dataFilters: widgetDataFiltersSchema.partial().optional(),
  leaf: z.boolean().optional(),
});
const drillStateSchema = z.record(z.string().regex(/^\d+$/), z.array(crumbSchema).max(20));

/** The drill state in the address; anything that does not read as one is no drill. */
export function drillFromParams(params: URLSearchParams): DrillState {
  const text = params.get(DRILL_PARAM);
  if (text === null) return {};
  try {
    const parsed = drillStateSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return {};
    const state: Record<number, DrillCrumb[]> = {};
    for (const [widgetId, crumbs] of Object.entries(parsed.data)) {
      if (crumbs.length > 0) state[Number(widgetId)] = crumbs;
    }
    return state;
  } catch {
    return {};
  }
}

/** The address for a drill state: the parameter is dropped when no widget is drilled. */
export function withDrillParam(params: URLSearchParams, state: DrillState): URLSearchParams {
  const next = new URLSearchParams(params);
  const drilled = Object.entries(state).filter(([, crumbs]) => crumbs.length > 0);
  if (drilled.length === 0) next.delete(DRILL_PARAM);
  else next.set(DRILL_PARAM, JSON.stringify(Object.fromEntries(drilled)));
  return next;
}

/** The crumbs to show: the root crumb, then the stored ones. */
export function crumbsWithRoot(stored: readonly DrillCrumb[], rootLabel: string): DrillCrumb[] {
  return [{ id: null, label: rootLabel, filter: {} }, ...stored];
}

/**
 * Drilling down adds a crumb; the same crumb twice in a row (a double click) is added once; after a leaf crumb
 * (a selection at the deepest level) the new crumb, from the same level, takes its place. The root crumb (id
 * null) is never stored.
 */
export function drillDown(stored: readonly DrillCrumb[], crumb: DrillCrumb): readonly DrillCrumb[] {
  if (crumb.id === null) return stored;
  const last = stored.at(-1);
  if (last && last.id === crumb.id && JSON.stringify(last.filter) === JSON.stringify(crumb.filter)) {
    return stored;
  }
  return last?.leaf ? [...stored.slice(0, -1), crumb] : [...stored, crumb];
}

/**
 * Clicking the crumb at `index` of the shown crumbs (0 = root) drills up to it: later crumbs are dropped. The
 * last crumb does nothing (it is where the user is), nor does an index outside the crumbs.
 */
export function drillUp(stored: readonly DrillCrumb[], index: number): readonly DrillCrumb[] {
  if (!Number.isInteger(index) || index < 0 || index >= stored.length) return stored;
  return stored.slice(0, index);
}

/** The filter one master's drill adds to its slaves: its last crumb's filter. */
function lastCrumbFilter(stored: readonly DrillCrumb[] | undefined): Partial<ReportFilter> {
  return stored?.at(-1)?.filter ?? {};
}

/**
 * The filter a slave widget gets from its masters: each drilled master's last crumb's filter. Two masters may
 * narrow the same property (two channel charts, both ChannelSet): one tree set cannot hold an intersection, so
 * the deeper drill wins (it is the narrower one when both follow the same tree); equal depth, the master listed
 * later.
 */
export function masterFilter(state: DrillState, masterWidgets: readonly number[]): Partial<ReportFilter> {
  const drilled = masterWidgets
    .map((widgetId, order) => ({ crumbs: state[widgetId] ?? [], order }))
    .filter(({ crumbs }) => crumbs.length > 0)
    .sort((a, b) => a.crumbs.length - b.crumbs.length || a.order - b.order);
  return Object.assign({}, ...drilled.map(({ crumbs }) => lastCrumbFilter(crumbs))) as Partial<ReportFilter>;
}

/** What a master widget's own drill changes in its request: its last crumb's filter and dataFilters. */
export type OwnDrill = { filter: Partial<ReportFilter>; dataFilters: Partial<WidgetDataFilters> };

/** The master's own drill: its last crumb that is not a leaf (a leaf leaves the master on its level). */
export function ownDrill(stored: readonly DrillCrumb[] | undefined): OwnDrill {
  const last = stored?.findLast((crumb) => !crumb.leaf);
  return { filter: last?.filter ?? {}, dataFilters: last?.dataFilters ?? {} };
}

/** The id of the bar a leaf crumb selected, shown marked on the master; null without one. */
export function selectedLeaf(stored: readonly DrillCrumb[] | undefined): number | null {
  const last = stored?.at(-1);
  return last?.leaf ? last.id : null;
}

/** A request with a master's own drill applied (idempotent: applying it twice gives the same request). */
export function withOwnDrill(request: WidgetDataRequest, drill: OwnDrill): WidgetDataRequest {
  if (Object.keys(drill.filter).length === 0 && Object.keys(drill.dataFilters).length === 0) return request;
  return {
    ...request,
    ...drill.filter,
    DataFilters: { ...request.DataFilters, ...drill.dataFilters },
  };
}

/** A channel performance row as far as drilling reads it. */
export type DrillableRow = { Category: string; CategoryId: number | null; Level: number | null };

/** Whether a channel bar can be clicked: it names its channel and level. */
export function canDrill(row: DrillableRow): boolean {
  return row.CategoryId !== null && row.Level !== null;
}

/** Whether a channel bar has no level below at all (level 10, reports spec §9): no need to ask. */
export function atDeepestLevel(row: DrillableRow): boolean {
  return row.Level !== null && row.Level >= CHANNEL_MAX_LEVEL;
}

/**
 * The crumb a click on a channel bar adds, or null when the bar cannot drill (no id or level). Its slaves are
 * filtered by the bar's ChannelSet. When the level below has data the master itself shows it (ChannelSet
 * narrows to the bar, the bars move to ChannelColumnLevel + 1); otherwise (`leaf`) the master stays where it is.
 */
export function channelCrumb(row: DrillableRow, { leaf }: { leaf: boolean }): DrillCrumb | null {
  if (row.CategoryId === null || row.Level === null) return null;
  const filter = { ChannelSet: { Ids: [row.CategoryId] } };
  if (leaf || atDeepestLevel(row)) return { id: row.CategoryId, label: row.Category, filter, leaf: true };
  return {
    id: row.CategoryId,
    label: row.Category,
    filter,
    dataFilters: { ChannelColumnLevel: row.Level + 1 },
  };
}
