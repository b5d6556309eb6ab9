import { and, eq, isNull, or } from 'drizzle-orm';
import type { PerformanceRow, WidgetDataFilters } from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import { CHANNEL_LEVELS, PRODUCT_LEVELS } from '../../../analytics/replica-schema.js';
import type { Db } from '../../../db/client.js';
import {
  employees,
  experiences,
  journeyStages,
  locations,
  products,
  surveys,
  transactionChannels,
  transactionTypes,
} from '../../../db/schema/index.js';
import {
  byValueDescending,
  cutRows,
  factsWhere,
  measureOf,
  pooledMeasure,
  valueMode,
  type MeasureRow,
  scoreHistogramGroups,
} from '../shared/score-histogram.js';
import { both, measuredFacts, type WidgetQuery } from '../shared/widget-query.js';
import { confidenceOf, minimumSampleSize, rankedThenSmall, showsConfidence } from '../shared/confidence.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * NpsPerformanceChart (`performance`, grouped by GroupBy) and ChannelPerformanceChart (`channel-performance`,
 * channels of one tree level, drilled by ChannelSet) — docs/widgets-performance.md "Performance charts". Figures
 * come from the replica; the labels from PostgreSQL by id.
 */

type GroupBy = NonNullable<WidgetDataFilters['GroupBy']>;

type GroupedRow = MeasureRow & { id: number | null };

/** Labels of ids of one table of the tenant; a missing id keeps '#id'. */
type LabelLoader = (db: Db, tenantId: number, ids: number[]) => Promise<Map<number, string>>;

const labelsOf =
  (
    table:
      | typeof products
      | typeof transactionTypes
      | typeof journeyStages
      | typeof transactionChannels
      | typeof locations,
  ): LabelLoader =>
  async (db, tenantId, ids) => {
    const rows = await db
      .select({ id: table.id, label: table.name })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), anyOf(table.id, ids)));
    return new Map(rows.map((row) => [row.id, row.label]));
  };

const LABELS: Record<GroupBy, LabelLoader> = {
  product: labelsOf(products),
  transactionType: labelsOf(transactionTypes),
  journeyStage: labelsOf(journeyStages),
  survey: async (db, tenantId, ids) => {
    const rows = await db
      .select({ id: surveys.id, label: surveys.title })
      .from(surveys)
      .where(and(eq(surveys.tenantId, tenantId), anyOf(surveys.id, ids)));
    return new Map(rows.map((row) => [row.id, row.label]));
  },
  employee: async (db, tenantId, ids) => {
    const rows = await db
      .select({ id: employees.id, label: employees.fullName })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), anyOf(employees.id, ids)));
    return new Map(rows.map((row) => [row.id, row.label]));
  },
  // System experiences have no tenant.
  experience: async (db, tenantId, ids) => {
    const rows = await db
      .select({ id: experiences.id, label: experiences.name })
      .from(experiences)
      .where(
        and(or(eq(experiences.tenantId, tenantId), isNull(experiences.tenantId)), anyOf(experiences.id, ids)),
      );
    return new Map(rows.map((row) => [row.id, row.label]));
  },
};

/** The product level a product grouping uses: ParentCategoryLevel (default 1), at most the replica's depth. */
function productLevel(filters: WidgetDataFilters): number {
  return Math.min(filters.ParentCategoryLevel ?? 1, PRODUCT_LEVELS);
}

/** The replica column of a grouping (whitelisted: the SQL is built from these names only). */
function groupColumn(groupBy: GroupBy, filters: WidgetDataFilters): string {
  switch (groupBy) {
    case 'product':
      return `f.product_l${productLevel(filters)}`;
    case 'transactionType':
      return 'f.transaction_type_id';
    case 'journeyStage':
      return 'f.journey_stage_id';
    case 'survey':
      return 'f.survey_id';
    case 'employee':
      return 'f.employee_id';
    case 'experience':
      return 'f.experience_id';
  }
}

/**
 * The facts an experience grouping compares: the NPS question or measurement type when named, else every fact on
 * the 0-10 scale (NPS is defined on it), or on dataFilters.Scale.
 */
function experienceFacts(filters: WidgetDataFilters): CompiledFilter {
  if (filters.NpsQuestionId || (filters.MeasurementType !== undefined && filters.MeasurementType !== null)) {
    return measuredFacts(filters, 'f');
  }
  return { where: 'f.scale = ?', params: [filters.Scale ?? 11] };
}

/** The grouped performance endpoints (a widget Config's dataEndpoint without `api/`). */
export type PerformanceEndpoint = 'widget-data/performance' | 'widget-data/channel-performance';

/**
 * What a performance chart groups: the replica column of its bars (GroupBy's, or the channel level of
 * `channelChartLevel`) and the facts it measures when they are not the widget's default (an experience grouping).
 * The rows and the lineage of one bar (`performanceBarFacts`) both read it, so a bar's facts are its Responses.
 */
function performanceGrouping(
  endpoint: PerformanceEndpoint,
  query: WidgetQuery,
): { column: string; measured?: CompiledFilter } {
  if (endpoint === 'widget-data/channel-performance') {
    return { column: `f.channel_l${channelChartLevel(query)}` };
  }
  const filters = query.dataFilters;
  const groupBy: GroupBy = filters.GroupBy ?? 'product';
  return {
    column: groupColumn(groupBy, filters),
    measured: groupBy === 'experience' ? experienceFacts(filters) : undefined,
  };
}

/**
 * Lineage of one bar (docs/responses-analyzer.md "Lineage"): the facts the chart counts in the row whose
 * CategoryId is `categoryId` — the chart's own facts (`factsWhere` with its measured facts) AND its group column
 * equal to that id, so their count is the row's Responses (before any cut: a cut row has its own facts too).
 */
export function performanceBarFacts(
  endpoint: PerformanceEndpoint,
  query: WidgetQuery,
  categoryId: number,
): CompiledFilter {
  const grouping = performanceGrouping(endpoint, query);
  return both(factsWhere(query, 'f', grouping.measured), {
    where: `${grouping.column} = ?`,
    params: [categoryId],
  });
}

/** One aggregate row per value of `column` (NULL included: it counts towards TotalNps, not as a row). */
async function groupedFigures(
  replica: AnalyticsReplica,
  query: WidgetQuery,
  column: string,
  measured?: CompiledFilter,
): Promise<GroupedRow[]> {
  return scoreHistogramGroups<'id', number | null>(replica, { id: column }, factsWhere(query, 'f', measured));
}

function performanceRow(
  row: GroupedRow,
  filters: WidgetDataFilters,
  extra: { Category: string; Level: number | null; TotalNps: number | null; Location: string | null },
  minimum: number | null,
): PerformanceRow {
  const measure = measureOf(row, filters);
  const confidence = minimum === null ? {} : confidenceOf(row, valueMode(filters), filters, minimum);
  return {
    Category: extra.Category,
    CategoryId: Number(row.id),
    Level: extra.Level,
    Value: measure.value,
    Promoters: measure.promoters,
    Neutrals: measure.neutrals,
    Detractors: measure.detractors,
    Responses: measure.responses,
    FillColor: measure.color,
    TotalNps: extra.TotalNps,
    Location: extra.Location,
    ...confidence,
  };
}

/**
 * The rows in chart order: by Value (larger first), then MinimumResponseCount and TopN — or, with confidence on,
 * the ranked rows first and the small-sample rows after them (`rankedThenSmall`).
 */
function orderedRows(rows: PerformanceRow[], filters: WidgetDataFilters): PerformanceRow[] {
  const sorted = rows.sort(byValueDescending);
  return showsConfidence(filters) ? rankedThenSmall(sorted, filters) : cutRows(sorted, filters);
}

/** The small-sample minimum when the widget shows confidence, else null (nothing is read). */
async function confidenceMinimum(db: Db, query: WidgetQuery): Promise<number | null> {
  return showsConfidence(query.dataFilters) ? minimumSampleSize(db, query) : null;
}

/**
 * NpsPerformanceChart rows grouped by dataFilters.GroupBy (default product): Value = NPS of the group (the average
 * for measurement types 1 and 2), TotalNps = the same figure over the whole selection; MinimumResponseCount and
 * TopN cut; larger Value first.
 */
export async function performanceRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<PerformanceRow[]> {
  const filters = query.dataFilters;
  const groupBy: GroupBy = filters.GroupBy ?? 'product';
  const grouping = performanceGrouping('widget-data/performance', query);
  const [rows, minimum] = await Promise.all([
    groupedFigures(replica, query, grouping.column, grouping.measured),
    confidenceMinimum(db, query),
  ]);
  const totalNps = pooledMeasure(rows, filters).value;
  const grouped = rows.filter((row) => row.id !== null && row.id !== undefined);
  const labels =
    grouped.length > 0
      ? await LABELS[groupBy](
          db,
          query.tenantId,
          grouped.map((row) => Number(row.id)),
        )
      : new Map<number, string>();
  const level = groupBy === 'product' ? productLevel(filters) : null;
  const result = grouped.map((row) =>
    performanceRow(
      row,
      filters,
      {
        Category: labels.get(Number(row.id)) ?? `#${Number(row.id)}`,
        Level: level,
        TotalNps: totalNps,
        Location: null,
      },
      minimum,
    ),
  );
  return orderedRows(result, filters);
}

/**
 * The channel level a ChannelPerformanceChart shows: ChannelColumnLevel (default 1), or one below the deepest
 * node of the report's or the widget's ChannelSet (a drill-down adds the clicked bar's node), at most 10.
 */
export function channelChartLevel(query: WidgetQuery): number {
  const ids = [...(query.report.ChannelSet?.Ids ?? []), ...(query.dataFilters.ChannelSet?.Ids ?? [])];
  const drilled = Math.max(0, ...ids.map((id) => query.levels.channels?.get(id) ?? 0));
  return Math.min(CHANNEL_LEVELS, Math.max(query.dataFilters.ChannelColumnLevel ?? 1, drilled + 1));
}

/**
 * ChannelPerformanceChart rows: one per channel at `channelChartLevel` within the selection, Category its name,
 * CategoryId its id (what a drill-down adds to ChannelSet), Level the level, Location its location's name;
 * MinimumResponseCount and TopN cut; larger Value first. ParentChannelLevel selects no rows (every channel of the
 * level lies below an ancestor at a higher level; see docs/widgets-performance.md).
 */
export async function channelPerformanceRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<PerformanceRow[]> {
  const filters = query.dataFilters;
  const level = channelChartLevel(query);
  const grouping = performanceGrouping('widget-data/channel-performance', query);
  const [rows, minimum] = await Promise.all([
    groupedFigures(replica, query, grouping.column, grouping.measured),
    confidenceMinimum(db, query),
  ]);
  const totalNps = pooledMeasure(rows, filters).value;
  const grouped = rows.filter((row) => row.id !== null && row.id !== undefined);
  const byId = await channelsById(
    db,
    query.tenantId,
    grouped.map((row) => Number(row.id)),
  );
  const result = grouped.map((row) => {
    const channel = byId.get(Number(row.id));
    return performanceRow(
      row,
      filters,
      {
        Category: channel?.name ?? `#${Number(row.id)}`,
        Level: level,
        TotalNps: totalNps,
        Location: channel?.location ?? null,
      },
      minimum,
    );
  });
  return orderedRows(result, filters);
}

/** Channels by id with their name and their location's name, for labelling grouped rows (none for no ids). */
export async function channelsById(
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string; location: string | null }>> {
  if (ids.length === 0) return new Map();
  const channels = await db
    .select({ id: transactionChannels.id, name: transactionChannels.name, location: locations.name })
    .from(transactionChannels)
    .leftJoin(locations, eq(locations.id, transactionChannels.locationId))
    .where(and(eq(transactionChannels.tenantId, tenantId), anyOf(transactionChannels.id, [...ids])));
  return new Map(channels.map((channel) => [channel.id, channel]));
}
