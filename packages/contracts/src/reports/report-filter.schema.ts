import { z } from 'zod';
import { MAX_FILTER_IDS, int32, int32List, safeText } from '../input-bounds.js';

// The run-time report filter (reports spec §2, §3; the Filter object of surveys spec §3) and widget dataFilters.
// One shape for both sides: the web builds it in the filter panel and chips, the server's filter compiler turns
// it into a WHERE clause on the analytics replica.

/** Sentiment of an open-ended answer (surveys spec §9); -1 stands for unclassified, the spec's "[* TO -1]". */
export const SentimentScore = { Positive: 4, Neutral: 2, Negative: 0, Unclassified: -1 } as const;
export type SentimentScore = (typeof SentimentScore)[keyof typeof SentimentScore];

/** NPS audience: promoter (9-10), neutral (7-8), detractor (0-6). */
export const RespondentType = { Promoter: 0, Neutral: 1, Detractor: 2 } as const;
export type RespondentType = (typeof RespondentType)[keyof typeof RespondentType];

/** Session status filter. 0 (all) means "not set" and is dropped by `normaliseFilter`. */
export const SessionStatus = { All: 0, Validated: 1, NotValidated: 2 } as const;
export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];

/** The time columns a widget may pick for TimeRange (reports spec §9); the first is the default. */
export const TIME_COLUMN_IDS = [
  'TransactionDateId',
  'AnsweredDateId',
  'InvitedDateId',
  'CreatedDateId',
] as const;
export type TimeColumn = (typeof TIME_COLUMN_IDS)[number];
export const DEFAULT_TIME_COLUMN: TimeColumn = 'TransactionDateId';

/** Trend granularity: daily, weekly, monthly, quarterly. */
export const CATEGORY_TYPES = ['DD', 'WW', 'MM', 'QQ'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

// Ids fit PostgreSQL integer and a list holds at most MAX_FILTER_IDS of them (docs/api.md "Input bounds").
const id = int32;
const idList = int32List(MAX_FILTER_IDS);
/** The spec names some set filters in the singular (SurveyId, QuestionId); one id or a list are both accepted. */
const idOrIdList = z.union([id, idList]);

/**
 * A set of tree nodes (ChannelSet, ProductSet, ChannelLocationSet, InviteeLocationSet). Each chosen node stands
 * for itself and everything below it.
 */
export const treeSetSchema = z.object({ Ids: idList });
export type TreeSet = z.infer<typeof treeSetSchema>;

/**
 * A calendar date 'YYYY-MM-DD'. A full ISO date-time is accepted too and read as the calendar date it is written
 * with, so the web should send the user's local dates, not UTC instants.
 */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/, 'Expected a date YYYY-MM-DD')
  .refine((value) => isCalendarDate(value.slice(0, 10)), 'Expected a date YYYY-MM-DD');

/** [from, to], whole days, both included. */
export const timeRangeSchema = z
  .tuple([calendarDate, calendarDate])
  .refine(([from, to]) => from.slice(0, 10) <= to.slice(0, 10), 'TimeRange must start on or before its end');
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** A segment as 'groupId;id'. */
export const segmentKeySchema = z
  .string()
  .max(23)
  .regex(/^\d+;\d+$/, "Expected a segment as 'groupId;id'");

const score = z.number().min(0).max(10);
/** Bounds of the session's NPS answer (slider 0 to 10); a null bound is open. */
export const scoreRangeSchema = z
  .object({ min: score.nullable(), max: score.nullable() })
  .refine(({ min, max }) => min === null || max === null || min <= max, 'ScoreRange min must not exceed max');
export type ScoreRange = z.infer<typeof scoreRangeSchema>;

export const sentimentScoreSchema = z.union([z.literal(4), z.literal(2), z.literal(0), z.literal(-1)]);
export const respondentTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const sessionStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Topics chosen from one topic model (UserDimensionFilters2); topic ids are unique across models. */
export const topicFilterSchema = z.object({ TopicModelId: id.nullish(), TopicIds: idList });
export type TopicFilter = z.infer<typeof topicFilterSchema>;

/** Filter properties a report filter and a widget's dataFilters share. */
const sharedFilterShape = {
  ChannelSet: treeSetSchema.nullish(),
  ProductSet: treeSetSchema.nullish(),
  ChannelLocationSet: treeSetSchema.nullish(),
  InviteeLocationSet: treeSetSchema.nullish(),
  TransactionTypeId: idOrIdList.nullish(),
  Segments: z.array(segmentKeySchema).max(MAX_FILTER_IDS).nullish(),
  RespondentType: z.union([respondentTypeSchema, z.array(respondentTypeSchema).max(3)]).nullish(),
  SurveyId: idOrIdList.nullish(),
  QuestionId: idOrIdList.nullish(),
  ExperienceIds: idList.nullish(),
  SessionStatus: sessionStatusSchema.nullish(),
  OnlyFinishedSessions: z.boolean().nullish(),
};

/**
 * The report filter at run time: the date-range picker's TimeRange plus the filter panel's properties. Keys that
 * are absent (or empty, see `normaliseFilter`) do not filter.
 */
export const reportFilterSchema = z.object({
  TimeRange: timeRangeSchema.nullish(),
  /** The date preset the range came from (e.g. 'thisYear'); informative, TimeRange is what filters. */
  TimePeriod: safeText(50).nullish(),
  ...sharedFilterShape,
  JourneyStages: idList.nullish(),
  /** Surveys of the data collector module; counted together with SurveyId. */
  DataSourceSurveyIds: idList.nullish(),
  ScoreRange: scoreRangeSchema.nullish(),
  SentimentFilter: z.array(sentimentScoreSchema).max(4).nullish(),
  /** Emotion ids (topics of emotion models). */
  EmotionDimensionFilters: idList.nullish(),
  UserDimensionFilters2: z.array(topicFilterSchema).max(100).nullish(),
  /** Where the answers came from, e.g. 'survey', 'rest-api', 'import'. */
  Source: z.union([safeText(100), z.array(safeText(100)).max(100)]).nullish(),
  FreeTextFilter: safeText(500).nullish(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/**
 * A widget's dataFilters (reports spec §3). The keys the filter compiler reads are typed; the many others
 * (TopNCount, MultipleSurveySet, JourneyConfigs, …) are kept as they are for the widget's own query.
 */
export const widgetDataFiltersSchema = z
  .object({
    TimeColumn: z.enum(TIME_COLUMN_IDS).nullish(),
    ...sharedFilterShape,
    NpsQuestionId: id.nullish(),
    ExperienceId: idOrIdList.nullish(),
    UseInviteeLocation: z.boolean().nullish(),
    CategoryType: z.enum(CATEGORY_TYPES).nullish(),
    Deviate: z.boolean().nullish(),
    // Keys that shape a widget's own query (docs/widgets.md); they select no rows in the filter compiler.
    /** 0 NPS, 1 custom metric, 2 average score, 3 other (reports spec §9). */
    MeasurementType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).nullish(),
    /** 11 (0-10) or 5 (1-5). */
    Scale: z.union([z.literal(11), z.literal(5)]).nullish(),
    /** Channel tree levels (1-10): the level the chart's bars are, and the level its parents are at. */
    ChannelColumnLevel: z.number().int().min(1).max(10).nullish(),
    ParentChannelLevel: z.number().int().min(1).max(10).nullish(),
    ParentCategoryLevel: z.number().int().min(1).max(10).nullish(),
    TopNToggle: z.boolean().nullish(),
    TopNCount: z.number().int().min(1).max(1000).nullish(),
    MinimumResponseCount: z.number().int().min(0).max(2_147_483_647).nullish(),
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
    if (key === 'SessionStatus' && value === SessionStatus.All) continue;
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

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
