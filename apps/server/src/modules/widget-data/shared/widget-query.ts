import { and, eq } from 'drizzle-orm';
import {
  FILTER_FIELDS,
  FILTER_FIELD_KEYS,
  filterValues,
  parseJsonObject,
  type FilterTree,
  NEUTRAL_MIN_SCORE,
  PROMOTER_MIN_SCORE,
  type ReportFilter,
  type TimeRange,
  type WidgetDataFilters,
  type WidgetDataRequest,
} from '@loupe/contracts';
import {
  compileFilter,
  type CompiledFilter,
  type DataRestrictions,
  type TreeLevels,
} from '../../../analytics/filter-compiler.js';
import type { ReplicaTable } from '../../../analytics/replica-schema.js';
import type { Db } from '../../../db/client.js';
import { locations, products, reports, transactionChannels } from '../../../db/schema/index.js';
import { forbidden } from '../../../errors.js';
import type { Actor } from '../../../core/actor.js';
import { loadDataRestrictions, scopedReportFilter, reportVisibleTo } from '../../reports/index.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * What every widget data endpoint starts from (docs/widgets.md "Data endpoints"): the caller's tenant and scoped
 * data, the report filter (pre-filtered when the report is scoped), the widget's dataFilters, and the tree levels
 * of the nodes they name; `whereOf` turns them into the one filter compiler's WHERE clause, for this period or the
 * previous one of equal length.
 */

export type WidgetQuery = {
  tenantId: number;
  report: ReportFilter;
  dataFilters: WidgetDataFilters;
  restrictions: DataRestrictions;
  levels: TreeLevels;
};

export type Period = 'current' | 'previous';

// A report page fires its widgets' calls together: the caller's restrictions and the report's row are read once
// for all of them. Only reads already running are shared, nothing is kept once they finish: a changed restriction
// or report counts for every request that starts once the reads running at the change (one round trip) are done.
const running = new Map<string, Promise<unknown>>();
function shareRunning<T>(key: string, read: () => Promise<T>): Promise<T> {
  const found = running.get(key);
  if (found) return found as Promise<T>;
  const promise = read().finally(() => running.delete(key));
  running.set(key, promise);
  return promise;
}

/** Reads the request into a WidgetQuery; a tenantless caller is refused (widgets read one tenant's data). */
export async function loadWidgetQuery(db: Db, actor: Actor, body: WidgetDataRequest): Promise<WidgetQuery> {
  if (actor.tenantId === null) throw forbidden();
  const { ReportId, DataFilters, ...filter } = body;
  const caller = `${actor.tenantId}:${actor.userId}`;
  const [restrictions, reportRows] = await Promise.all([
    shareRunning(`restrictions:${caller}`, () => loadDataRestrictions(db, actor)),
    ReportId
      ? shareRunning(`report:${caller}:${ReportId}`, () =>
          db
            .select({ config: reports.config })
            .from(reports)
            .where(and(eq(reports.id, ReportId), reportVisibleTo(actor))),
        )
      : Promise.resolve([]),
  ]);
  let report: ReportFilter = filter;
  if (ReportId) {
    const [row] = reportRows;
    // A report the caller does not see adds nothing; the restrictions apply all the same.
    if (row)
      report = scopedReportFilter(
        filter,
        { scopedData: parseJsonObject(row.config)?.scopedData === true },
        restrictions,
      );
  }
  const dataFilters = DataFilters ?? {};
  const levels = await loadTreeLevels(db, actor.tenantId, [report, dataFilters], restrictions);
  return { tenantId: actor.tenantId, report, dataFilters, restrictions, levels };
}

/** The table of each filter tree, whose `level` column a node's level is read from. */
const TREE_TABLES = { channels: transactionChannels, products, locations } as const satisfies Record<
  FilterTree,
  unknown
>;

/** The tree properties of each side: the report filter's and the widget's (the registry's tree rows). */
const TREE_FIELDS = FILTER_FIELD_KEYS.filter((key) => FILTER_FIELDS[key].kind === 'treeSet');

/** The levels of the tree nodes the filters and restrictions name (see `TreeLevels`). */
async function loadTreeLevels(
  db: Db,
  tenantId: number,
  filters: readonly (ReportFilter | WidgetDataFilters)[],
  restrictions: DataRestrictions,
): Promise<TreeLevels> {
  const ids: Record<FilterTree, number[]> = {
    channels: [...restrictions.transactionChannelIds],
    products: [...restrictions.productIds],
    locations: [],
  };
  for (const key of TREE_FIELDS) {
    const tree = FILTER_FIELDS[key].tree!;
    for (const filter of filters)
      ids[tree].push(...(filterValues(key, (filter as Record<string, unknown>)[key]) as number[]));
  }
  const levelsOf = async (tree: FilterTree): Promise<[FilterTree, Map<number, number>]> => {
    const table = TREE_TABLES[tree];
    if (ids[tree].length === 0) return [tree, new Map()];
    const rows = await db
      .select({ id: table.id, level: table.level })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), anyOf(table.id, [...new Set(ids[tree])])));
    return [tree, new Map(rows.map((row) => [row.id, row.level]))];
  };
  const trees = Object.keys(TREE_TABLES) as FilterTree[];
  return Object.fromEntries(await Promise.all(trees.map(levelsOf)));
}

/**
 * The WHERE clause of a widget query on a replica table. `previous` moves TimeRange to the period of equal length
 * just before it (Deviation = this period minus that one); without a TimeRange there is no previous period and
 * the answer is null. `report` replaces the report filter (e.g. without its ChannelSet for a ranking).
 */
export function whereOf(
  query: WidgetQuery,
  table: ReplicaTable,
  options: { alias?: string; period?: Period; report?: ReportFilter; restrictions?: DataRestrictions } = {},
): CompiledFilter | null {
  const report = options.report ?? query.report;
  let range = report.TimeRange ?? null;
  if (options.period === 'previous') {
    if (!range) return null;
    range = previousRange(range);
  }
  return compileFilter({
    tenantId: query.tenantId,
    table,
    report: { ...report, TimeRange: range },
    dataFilters: query.dataFilters,
    restrictions: options.restrictions ?? query.restrictions,
    levels: query.levels,
    alias: options.alias,
  });
}

const DAY_MS = 86_400_000;

/** [from, to] -> the same number of days ending the day before `from`. */
function previousRange(range: TimeRange): TimeRange {
  const from = Date.parse(`${range[0].slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${range[1].slice(0, 10)}T00:00:00Z`);
  const days = Math.round((to - from) / DAY_MS) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [iso(from - days * DAY_MS), iso(from - DAY_MS)];
}

/**
 * Which facts a score widget measures, beyond the filter: the NpsQuestionId when given; else facts of the chosen
 * measurement type; else, unless the widget names questions or experiences, NPS facts (measurement type 0).
 * Scale (11 or 5) keeps the facts of that scale.
 */
export function measuredFacts(filters: WidgetDataFilters, alias?: string): CompiledFilter {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const parts: string[] = [];
  const params: (number | string)[] = [];
  if (filters.NpsQuestionId) {
    parts.push(`${column('question_id')} = ?`);
    params.push(filters.NpsQuestionId);
  } else if (filters.MeasurementType !== undefined && filters.MeasurementType !== null) {
    parts.push(`${column('measurement_type')} = ?`);
    params.push(filters.MeasurementType);
  } else if (!hasIds(filters.QuestionId) && !hasIds(filters.ExperienceId) && !hasIds(filters.ExperienceIds)) {
    parts.push(`${column('measurement_type')} = 0`);
  }
  if (filters.Scale) {
    parts.push(`${column('scale')} = ?`);
    params.push(filters.Scale);
  }
  return { where: parts.length > 0 ? parts.join(' AND ') : 'true', params };
}

/**
 * The facts a single-figure score widget (NPS gauge, score gauge, card) counts as its responses in a period:
 * `whereOf` on facts AND `measuredFacts`; null when the period does not exist. The widgets' figures and the
 * responses analyzer's lineage (docs/responses-analyzer.md "Lineage") both read their facts through it, so the
 * analyzer's FactCount is the widget's Responses by construction.
 */
export function measuredWhere(
  query: WidgetQuery,
  alias: string,
  period: Period = 'current',
): CompiledFilter | null {
  const filter = whereOf(query, 'facts', { alias, period });
  return filter ? both(filter, measuredFacts(query.dataFilters, alias)) : null;
}

function hasIds(value: number | readonly number[] | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return typeof value === 'number' || value.length > 0;
}

/**
 * Whether two compiled clauses are the same, text and parameters. `whereOf` on two replica tables gives the same
 * clause exactly when the filter reads only the dimension columns every table carries per session (no filter on a
 * row's own question, experience, sentiment, labels or words): then a row passes it exactly when its session does,
 * and a query may read the session's rows on either table.
 */
export function sameClause(a: CompiledFilter | null, b: CompiledFilter | null): boolean {
  return (
    a !== null && b !== null && a.where === b.where && JSON.stringify(a.params) === JSON.stringify(b.params)
  );
}

/** Both clauses ANDed. */
export function both(a: CompiledFilter, b: CompiledFilter): CompiledFilter {
  return { where: `(${a.where}) AND (${b.where})`, params: [...a.params, ...b.params] };
}

/**
 * NPS counts of `score` (promoters 9-10, neutrals 7-8, detractors 0-6), as the SELECT list of an aggregate over
 * facts; `alias` prefixes the column. Read them back with `npsCounts`.
 */
export function npsAggregates(alias?: string): string {
  const score = alias ? `${alias}.score` : 'score';
  return (
    `count(*)::INTEGER AS responses, ` +
    `count(*) FILTER (WHERE ${score} >= ${PROMOTER_MIN_SCORE})::INTEGER AS promoters, ` +
    `count(*) FILTER (WHERE ${score} >= ${NEUTRAL_MIN_SCORE} AND ${score} < ${PROMOTER_MIN_SCORE})` +
    `::INTEGER AS neutrals, ` +
    `count(*) FILTER (WHERE ${score} < ${NEUTRAL_MIN_SCORE})::INTEGER AS detractors, ` +
    `avg(${score}) AS average`
  );
}

export type NpsCounts = {
  responses: number;
  promoters: number;
  neutrals: number;
  detractors: number;
  average: number | null;
};

/** The counts of an `npsAggregates` row (a missing row is all zero). */
export function npsCounts(row: Partial<Record<keyof NpsCounts, unknown>> | undefined): NpsCounts {
  const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
  return {
    responses: number(row?.responses),
    promoters: number(row?.promoters),
    neutrals: number(row?.neutrals),
    detractors: number(row?.detractors),
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
  };
}
