import { z } from 'zod';
import { INT32_MAX, MAX_FILTER_IDS, safeText } from '../input-bounds.js';
import { FILTER_TREES, filterFieldOf, filterShape } from './filter-fields.js';
import { CATEGORY_TYPES, filterIdSchema } from './filter-values.js';

// The run-time report filter (reports spec §2, §3; the Filter object of surveys spec §3) and widget dataFilters.
// One shape for both sides, built from the filter-field registry (filter-fields.ts): the web builds it in the
// filter panel and chips, the server's filter compiler turns it into a WHERE clause on the analytics replica.

const id = filterIdSchema;
const channelLevel = z.number().int().min(1).max(FILTER_TREES.channels.depth);

/**
 * The report filter at run time: the date-range picker's TimeRange and TimePeriod plus the filter panel's
 * properties (the registry's `report` scope). Keys that are absent (or empty, see `normaliseFilter`) do not filter.
 */
export const reportFilterSchema = z.object(filterShape('report'));
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/**
 * A widget's dataFilters (reports spec §3). The keys the filter compiler reads are typed; the many others
 * (TopNCount, MultipleSurveySet, JourneyConfigs, …) are kept as they are for the widget's own query.
 */
export const widgetDataFiltersSchema = z
  .object({
    // The registry's `widget` scope: the properties the filter compiler reads (and TimeColumn).
    ...filterShape('widget'),
    // Keys that shape a widget's own query (docs/widgets.md); they select no rows in the filter compiler.
    NpsQuestionId: id.nullish(),
    UseInviteeLocation: z.boolean().nullish(),
    CategoryType: z.enum(CATEGORY_TYPES).nullish(),
    Deviate: z.boolean().nullish(),
    /** 0 NPS, 1 custom metric, 2 average score, 3 other (reports spec §9). */
    MeasurementType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).nullish(),
    /** 11 (0-10) or 5 (1-5). */
    Scale: z.union([z.literal(11), z.literal(5)]).nullish(),
    /** Channel tree levels (1-10): the level the chart's bars are, and the level its parents are at. */
    ChannelColumnLevel: channelLevel.nullish(),
    ParentChannelLevel: channelLevel.nullish(),
    ParentCategoryLevel: z.number().int().min(1).max(10).nullish(),
    TopNToggle: z.boolean().nullish(),
    TopNCount: z.number().int().min(1).max(1000).nullish(),
    MinimumResponseCount: z.number().int().min(0).max(INT32_MAX).nullish(),
    /**
     * The 95 % confidence interval and the small-sample flag of the KPI widgets' figures (NPS and score gauges,
     * cards, performance charts; docs/metrics.md "Confidence intervals and small samples").
     */
    ShowConfidence: z.boolean().nullish(),
    Limit: z.number().int().min(1).max(1000).nullish(),
    SegmentGroupId: id.nullish(),
    /** Trend series: percentages or counts (reports spec §9). */
    TrendSeriesValue: z.enum(['percentage', 'number']).nullish(),
    /** What a performance chart groups by (docs/widgets.md). */
    GroupBy: z
      .enum(['product', 'transactionType', 'journeyStage', 'survey', 'employee', 'experience'])
      .nullish(),
    /** The map a NpsMap draws. */
    Map: z.enum(['TR', 'IN', 'US']).nullish(),
    ExperienceWeights: z
      .array(z.object({ ExperienceId: id, Weight: z.number().min(0).max(1_000_000) }))
      .max(MAX_FILTER_IDS)
      .nullish(),
    JourneyConfigs: z
      .array(
        z.object({
          SurveyId: id,
          JourneyId: z.number().int().min(1).max(50),
          JourneyName: safeText(100).min(1),
          JourneyOrder: z.number().int().min(1).max(50),
        }),
      )
      .max(MAX_FILTER_IDS)
      .nullish(),
    JourneyStageWeights: z
      .array(z.object({ JourneyStageName: safeText(100).min(1), Weight: z.number().min(0).max(1_000_000) }))
      .max(MAX_FILTER_IDS)
      .nullish(),
  })
  .loose();
export type WidgetDataFilters = z.infer<typeof widgetDataFiltersSchema>;

/**
 * Reports spec §4, "filter changes": empty values are dropped (null, blank text, empty lists, tree sets without
 * ids, topic filters without topics, a ScoreRange with two null bounds), so clearing a filter deletes its key;
 * SessionStatus 0 is treated as not set. Zero and false are values and stay (sentiment 0 is "negative"). Returns
 * a new object; the input is not changed.
 */
export function normaliseFilter<T extends object>(filter: T): T {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value === filterFieldOf(key)?.unset) continue;
    const kept = withoutEmpty(value);
    if (kept !== undefined) result[key] = kept;
  }
  return result as T;
}

/** Removes the given keys (a chip's filter group) and normalises what is left. */
export function clearFilterKeys<T extends object>(filter: T, keys: readonly (keyof T)[]): T {
  const rest = { ...filter } as Record<string, unknown>;
  for (const key of keys) delete rest[key as string];
  return normaliseFilter(rest as T);
}

/** The value with empty list items removed, or undefined when nothing is left. */
function withoutEmpty(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value === 'object') return isEmptyObject(value as Record<string, unknown>) ? undefined : value;
  return value;
}

function isEmptyObject(value: Record<string, unknown>): boolean {
  // Sets are empty without their ids, whatever else they carry (a topic filter keeps its TopicModelId).
  for (const idsKey of ['Ids', 'TopicIds']) {
    if (idsKey in value) return withoutEmpty(value[idsKey]) === undefined;
  }
  return Object.values(value).every((item) => withoutEmpty(item) === undefined);
}
