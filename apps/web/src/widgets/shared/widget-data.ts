import {
  WIDGET_KIND_REGISTRY,
  WIDGET_KINDS,
  type ReportFilter,
  type WidgetDataFilters,
  type WidgetDataRequest,
  type WidgetKind,
} from '@loupe/contracts';
import type { ZodType } from 'zod';
import type { WidgetConfig } from './widget-layout';

/*
 * A widget card's data call as data (reports spec §4 "widget data loading", §7 "POST {widget data endpoint}"):
 * which kind a Config draws, where it posts, what it posts, how the answer is read and when it counts as empty.
 * Pure, so the card only renders and the rules are unit-tested.
 */

/** The kind a widget's Config draws (Config.type); undefined for an unknown type. */
export function widgetKindOf(config: WidgetConfig): WidgetKind | undefined {
  const type = config.type;
  return WIDGET_KINDS.find((kind) => kind === type);
}

/** `/api/` + Config.dataEndpoint without its first four characters ('api/'); undefined without an endpoint. */
export function widgetEndpoint(config: WidgetConfig): string | undefined {
  const endpoint = config.dataEndpoint;
  if (typeof endpoint !== 'string' || endpoint.length <= 4) return undefined;
  return `/api/${endpoint.slice(4)}`;
}

/** The widget's dataFilters (an object), or an empty one. */
export function dataFiltersOf(config: WidgetConfig): WidgetDataFilters {
  const filters = config.dataFilters;
  return typeof filters === 'object' && filters !== null && !Array.isArray(filters)
    ? (filters as WidgetDataFilters)
    : {};
}

/** The report widget ids of the master widgets that drive this one (Config.masterWidgets). */
export function masterWidgetsOf(config: WidgetConfig): number[] {
  const masters = config.masterWidgets;
  return Array.isArray(masters) ? masters.filter((id): id is number => Number.isInteger(id)) : [];
}

/** The names of Config.requiredFilters. */
function requiredFiltersOf(config: WidgetConfig): string[] {
  const required = config.requiredFilters;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}

/**
 * Reports spec §2: the "no topic model" warning. A widget that requires TopicModelId (or TopicModelIds) and has
 * none in its dataFilters cannot ask for data; the card says so instead.
 */
export function needsTopicModel(config: WidgetConfig): boolean {
  const required = requiredFiltersOf(config);
  const filters = dataFiltersOf(config) as Record<string, unknown>;
  const missing = (key: string) => {
    const value = filters[key];
    return (
      value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    );
  };
  return (
    (required.includes('TopicModelId') && missing('TopicModelId')) ||
    (required.includes('TopicModelIds') && missing('TopicModelIds'))
  );
}

/** Reports spec §4: tables and comment widgets do not fetch until the user has applied filters (the kind registry's filterFirst). */
export function waitsForFilters(kind: WidgetKind): boolean {
  return WIDGET_KIND_REGISTRY[kind].filterFirst;
}

/**
 * The body of the data call: the report's run-time filter, the master widgets' drill-down filter over it, the
 * report's id and the widget's dataFilters.
 */
export function widgetRequest({
  filter,
  masterFilter,
  reportId,
  dataFilters,
}: {
  filter: ReportFilter;
  masterFilter: Partial<ReportFilter>;
  reportId: number;
  dataFilters: WidgetDataFilters;
}): WidgetDataRequest {
  return { ...filter, ...masterFilter, ReportId: reportId, DataFilters: dataFilters };
}

/** How the answer of each kind is read: the response schema of its row in the kind registry. */
export function widgetDataSchema(kind: WidgetKind): ZodType {
  return WIDGET_KIND_REGISTRY[kind].response;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an answer has anything to draw, by its shape: a list with rows; an object with a Responses count
 * above 0 (or, without one, a Value); a segment list with segments; a page or comment list with a Count above
 * 0. A ranking card needs ranked channels (without a channel of the caller's it shows "– / N"). Anything else
 * (null, a bare value) is empty.
 */
export function hasWidgetData(kind: WidgetKind, data: unknown): boolean {
  if (Array.isArray(data)) return data.length > 0;
  if (!isRecord(data)) return false;
  if (kind === 'RankingCard') return typeof data.TotalCount === 'number' && data.TotalCount > 0;
  if (Array.isArray(data.SegmentData)) return data.SegmentData.length > 0;
  if (Array.isArray(data.CategorySummaryDataResults)) return data.CategorySummaryDataResults.length > 0;
  if (Array.isArray(data.Items)) return data.Items.length > 0;
  if (typeof data.Count === 'number') return data.Count > 0;
  if (typeof data.Responses === 'number') return data.Responses > 0;
  if ('Value' in data) return data.Value !== null && data.Value !== undefined;
  return Object.keys(data).length > 0;
}
