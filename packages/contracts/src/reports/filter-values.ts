import { z } from 'zod';
import { MAX_FILTER_IDS, int32, int32List } from '../input-bounds.js';

// The values filter properties take (reports spec §2, §3; the Filter object of surveys spec §3): the enums and
// value schemas the filter-field registry (filter-fields.ts) builds its rows from, and the readers that take a
// value written in any accepted form (one id or a list, ids as numeric text) as a plain list.

/** Sentiment of an open-ended answer (surveys spec §9); -1 stands for unclassified, the spec's "[* TO -1]". */
export const SentimentScore = { Positive: 4, Neutral: 2, Negative: 0, Unclassified: -1 } as const;
export type SentimentScore = (typeof SentimentScore)[keyof typeof SentimentScore];

/** NPS audience: promoter (9-10), neutral (7-8), detractor (0-6). */
export const RespondentType = { Promoter: 0, Neutral: 1, Detractor: 2 } as const;
export type RespondentType = (typeof RespondentType)[keyof typeof RespondentType];

/** Session status filter. 0 (all) means "not set" and is dropped by `normaliseFilter`. */
export const SessionStatus = { All: 0, Validated: 1, NotValidated: 2 } as const;
export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];

/** Where the answers came from (the replica's `source`, reports spec §2 "Source"). */
export const ANSWER_SOURCES = ['survey', 'rest-api', 'import'] as const;

/** Survey type 4 is an external source fed by the data collector module: the surveys of DataSourceSurveyIds. */
export const DATA_SOURCE_SURVEY_TYPE = 4;

/** The time columns a widget may pick for TimeRange (reports spec §9); the first is the default. */
export const TIME_COLUMN_IDS = [
  'TransactionDateId',
  'AnsweredDateId',
  'InvitedDateId',
  'CreatedDateId',
] as const;
export type TimeColumn = (typeof TIME_COLUMN_IDS)[number];
export const DEFAULT_TIME_COLUMN: TimeColumn = 'TransactionDateId';
/** Reports spec §5: text-analytics (AI) widgets allow only these time columns; their endpoints refuse the others. */
export const AI_TIME_COLUMN_IDS: readonly TimeColumn[] = ['TransactionDateId', 'AnsweredDateId'];

/** Trend granularity: daily, weekly, monthly, quarterly. */
export const CATEGORY_TYPES = ['DD', 'WW', 'MM', 'QQ'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

// Ids fit PostgreSQL integer and a list holds at most MAX_FILTER_IDS of them (docs/api.md "Input bounds").
export const filterIdSchema = int32;
export const filterIdsSchema = int32List(MAX_FILTER_IDS);
/** The spec names some set filters in the singular (SurveyId, QuestionId); one id or a list are both accepted. */
export const filterIdOrIdsSchema = z.union([filterIdSchema, filterIdsSchema]);

/**
 * A set of tree nodes (ChannelSet, ProductSet, ChannelLocationSet, InviteeLocationSet). Each chosen node stands
 * for itself and everything below it.
 */
export const treeSetSchema = z.object({ Ids: filterIdsSchema });

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
export const topicFilterSchema = z.object({
  TopicModelId: filterIdSchema.nullish(),
  TopicIds: filterIdsSchema,
});

/**
 * A value as a list of whole numbers: one id or a list, numbers or numeric text ('2', ' 3'); anything else (blank
 * text, null, fractions, words) is left out. Reads stored and typed filter values alike.
 */
export function idsOf(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  const items = Array.isArray(value) ? (value as unknown[]) : [value];
  return items
    .filter((item) => typeof item === 'number' || (typeof item === 'string' && item.trim() !== ''))
    .map(Number)
    .filter((item) => Number.isInteger(item));
}

/** A value as a list: one value or a list of them; null and undefined are none. */
export function listOf<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
