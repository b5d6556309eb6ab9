import {
  DEFAULT_TIME_COLUMN,
  daysOfWeekCellSchema,
  hasAnyScope,
  hasCellLineage,
  hasGroupLineage,
  hasPointLineage,
  hasRegionLineage,
  hasResponseLineage,
  hasSegmentLineage,
  normaliseFilter,
  RESPONSES_ANALYZER_SCOPES,
  trendPointSchema,
  type DaysOfWeekCell,
  type ReportFilter,
  type TimeColumn,
} from '@loupe/contracts';
import type { WidgetConfig } from './widget-layout';
import { dataFiltersOf } from './widget-data';

/*
 * Lineage (docs/responses-analyzer.md "Lineage"): a widget's "Show responses" opens the responses analyzer on the
 * report's run-time filter with the widget's id; the server reads the widget's dataFilters, so the analyzer shows
 * the widget's own response count. Pure, so the card only renders and the address is unit-tested.
 */

/**
 * Whether the card offers "Show responses": a figure with a response count, a chart whose bars each have one
 * (`hasGroupLineage`: the menu then lists the bars) or a trend whose points each have one (`hasPointLineage`: the
 * menu lists the points), a map whose regions each have one (`hasRegionLineage`), a per-segment gauge whose
 * segments each have one (`hasSegmentLineage`) or the days-of-week chart whose cells each have one
 * (`hasCellLineage`), and a caller who may open the analyzer.
 */
export function offersResponses(config: WidgetConfig, scopes: readonly string[] | undefined): boolean {
  return (
    (hasResponseLineage(config) ||
      hasGroupLineage(config) ||
      hasPointLineage(config) ||
      hasRegionLineage(config) ||
      hasSegmentLineage(config) ||
      hasCellLineage(config)) &&
    hasAnyScope(scopes ?? [], [...RESPONSES_ANALYZER_SCOPES])
  );
}

/** Whether "Show responses" lists the chart's bars (a grouped chart) rather than opening the analyzer at once. */
export function offersBarResponses(config: WidgetConfig): boolean {
  return hasGroupLineage(config);
}

/** Whether "Show responses" lists the trend's points rather than opening the analyzer at once. */
export function offersPointResponses(config: WidgetConfig): boolean {
  return hasPointLineage(config);
}

/** Whether "Show responses" lists the map's regions rather than opening the analyzer at once. */
export function offersRegionResponses(config: WidgetConfig): boolean {
  return hasRegionLineage(config);
}

/** Whether "Show responses" lists the gauge's segments rather than opening the analyzer at once. */
export function offersSegmentResponses(config: WidgetConfig): boolean {
  return hasSegmentLineage(config);
}

/** Whether "Show responses" lists the days-of-week chart's cells rather than opening the analyzer at once. */
export function offersCellResponses(config: WidgetConfig): boolean {
  return hasCellLineage(config);
}

/** A bar of a grouped chart as the menu lists it. */
export type LineageBar = { id: number; name: string; responses: number };

/**
 * The bars of a grouped chart's data (its rows with a CategoryId), in the chart's order: what "Show responses"
 * lists, each opening the analyzer on that bar. Anything else gives no bars.
 */
export function lineageBars(data: unknown): LineageBar[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const { CategoryId: id, Category: name, Responses: responses } = row as Record<string, unknown>;
    return typeof id === 'number' && Number.isInteger(id) && id > 0
      ? [{ id, name: typeof name === 'string' ? name : `#${id}`, responses: Number(responses ?? 0) }]
      : [];
  });
}

/** A point of a trend as the menu lists it: its Category (the time bucket's label) and responses. */
export type LineagePoint = { category: string; responses: number };

/**
 * The points of a trend's data, oldest first as drawn: one per Category (a respondent trend's three series rows of
 * a point share its Responses), only bucket labels the analyzer takes. Anything else gives no points.
 */
export function lineagePoints(data: unknown): LineagePoint[] {
  if (!Array.isArray(data)) return [];
  const points = new Map<string, number>();
  for (const row of data as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const { Category: category, Responses: responses } = row as Record<string, unknown>;
    if (!trendPointSchema.safeParse(category).success || points.has(category as string)) continue;
    points.set(category as string, Number(responses ?? 0));
  }
  return [...points].map(([category, responses]) => ({ category, responses }));
}

/** A region of a map or a segment of a per-segment gauge as the menu lists it. */
export type LineageMember = { id: number; name: string; responses: number };

/** A positive int32 id, as the analyzer takes it. */
const isId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** The regions of a map's data (its rows with a LocationId), in the map's order. Anything else gives none. */
export function lineageRegions(data: unknown): LineageMember[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const { LocationId: id, Location: name, Responses: responses } = row as Record<string, unknown>;
    return isId(id)
      ? [{ id, name: typeof name === 'string' ? name : `#${id}`, responses: Number(responses ?? 0) }]
      : [];
  });
}

/** The segments of a per-segment gauge's data (its SegmentData with a SegmentId), in its order. Else none. */
export function lineageSegments(data: unknown): LineageMember[] {
  const rows =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).SegmentData : null;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const {
      SegmentId: id,
      SegmentName: name,
      SegmentResponseCount: responses,
    } = row as Record<string, unknown>;
    return isId(id)
      ? [{ id, name: typeof name === 'string' ? name : `#${id}`, responses: Number(responses ?? 0) }]
      : [];
  });
}

/** A cell of the days-of-week chart as the menu lists it: its weekday and part of day, and responses. */
export type LineageCell = DaysOfWeekCell & { responses: number };

/**
 * The cells of a days-of-week chart's data (its rows with a WeekOfDay 1..7 and a PartOfDay of PARTS_OF_DAY), in
 * the chart's order (Monday first, parts of day in order). Anything else gives none.
 */
export function lineageCells(data: unknown): LineageCell[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const { WeekOfDay, PartOfDay, Responses: responses } = row as Record<string, unknown>;
    const cell = daysOfWeekCellSchema.safeParse({ WeekOfDay, PartOfDay });
    return cell.success ? [{ ...cell.data, responses: Number(responses ?? 0) }] : [];
  });
}

/**
 * What of a widget the analyzer opens on: one bar (its CategoryId), one point (its Category), one region (its
 * LocationId), one segment (its SegmentId) or one cell (its WeekOfDay and PartOfDay).
 */
export type LineagePart =
  | { group: number }
  | { point: string }
  | { location: number }
  | { segment: number }
  | { cell: DaysOfWeekCell };

/**
 * The analyzer's address for a widget: the report's filter as the widget posts it (its date range as calendar days
 * in from/to, the rest as the panel's filter), the widget's own time column, and the widget's id — and for one bar
 * of a grouped chart its CategoryId (`group`), for one point of a trend its Category (`point`), for one region of a
 * map its LocationId (`location`), for one segment of a per-segment gauge its SegmentId (`segment`), for one cell
 * of the days-of-week chart its WeekOfDay and PartOfDay (`weekday`, `partOfDay`). A drilled
 * channel chart's own drill is in the filter (its ChannelSet): the server derives the same channel level from it
 * as the drill's ChannelColumnLevel.
 */
export function lineageHref(
  widgetId: number,
  config: WidgetConfig,
  filter: ReportFilter,
  part?: LineagePart,
): string {
  const { TimeRange: range, TimePeriod: _period, ...panel } = filter;
  const timeColumn: TimeColumn = dataFiltersOf(config).TimeColumn ?? DEFAULT_TIME_COLUMN;
  const params = new URLSearchParams();
  if (range) {
    params.set('from', range[0].slice(0, 10));
    params.set('to', range[1].slice(0, 10));
  }
  params.set('timeColumn', timeColumn);
  const normalised = normaliseFilter(panel);
  if (Object.keys(normalised).length > 0) params.set('filter', JSON.stringify(normalised));
  params.set('widget', String(widgetId));
  if (part && 'group' in part) params.set('group', String(part.group));
  if (part && 'point' in part) params.set('point', part.point);
  if (part && 'location' in part) params.set('location', String(part.location));
  if (part && 'segment' in part) params.set('segment', String(part.segment));
  if (part && 'cell' in part) {
    params.set('weekday', String(part.cell.WeekOfDay));
    params.set('partOfDay', part.cell.PartOfDay);
  }
  return `/responses-analyzer?${params.toString()}`;
}
