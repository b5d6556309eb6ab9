import { STATISTICS_PERIODS, presetRange, type DayRange } from '@loupe/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The statistics screens' query (issue 16 §4; contracts survey-statistics.schema.ts): a date range, a period and
 * the chosen surveys, kept in the page's address so the way to one survey's statistics and back keeps them. Pure,
 * tested apart from the pages.
 */

export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

export type StatisticsQuery = {
  range: DayRange;
  period: StatisticsPeriod;
  /** None: every survey the caller reads. */
  surveyIds: number[];
};

/** How a day travels in the address and to the API (`2026-11-15`). */
const PARAM_FORMAT = 'YYYY-MM-DD';
/** The range the screens open with. */
const DEFAULT_PRESET = 'last30Days';
/** The most surveys an address names (the API takes up to 1,000 ids). */
const MAX_SURVEY_IDS = 1_000;
const INT32_MAX = 2_147_483_647;

function parseDay(value: string | null): Dayjs | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  return day.isValid() && day.format(PARAM_FORMAT) === value ? day : undefined;
}

function isPeriod(value: string | null): value is StatisticsPeriod {
  return STATISTICS_PERIODS.some((period) => period === value);
}

function parseIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1 && id <= INT32_MAX);
  return [...new Set(ids)].slice(0, MAX_SURVEY_IDS);
}

/**
 * The query in the address (`?from=&to=&period=&surveys=1,2`): a valid range ending no later than today, else the
 * last 30 days; the period, else days; the survey ids that are int32 ids.
 */
export function queryFromParams(params: URLSearchParams, today: Dayjs): StatisticsQuery {
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  const valid = from && to && !from.isAfter(to, 'day') && !to.isAfter(today, 'day');
  const period = params.get('period');
  return {
    range: valid ? [from, to] : presetRange(DEFAULT_PRESET, today),
    period: isPeriod(period) ? period : 'day',
    surveyIds: parseIds(params.get('surveys')),
  };
}

/** The address's query string of a statistics query (no surveys: the key is left out). */
export function queryToParams({
  range: [from, to],
  period,
  surveyIds,
}: StatisticsQuery): Record<string, string> {
  return {
    from: from.format(PARAM_FORMAT),
    to: to.format(PARAM_FORMAT),
    period,
    ...(surveyIds.length > 0 ? { surveys: surveyIds.join(',') } : {}),
  };
}

/**
 * The caller's offset as the statistics API reads `timezoneOffset`: minutes as the browser's
 * `getTimezoneOffset()` gives them, UTC minus local time (-180 in Istanbul), like the TimezoneOffset header.
 */
export function callerTimezoneOffset(date: Date): number {
  return date.getTimezoneOffset() || 0;
}

/** The statistics API's query string: the range's days, the caller's offset, the period and the surveys. */
export function apiSearch(query: StatisticsQuery, timezoneOffset: number, withSurveys = true): string {
  const [from, to] = query.range;
  const params = new URLSearchParams({
    from: from.format(PARAM_FORMAT),
    to: to.format(PARAM_FORMAT),
    timezoneOffset: String(timezoneOffset),
    period: query.period,
  });
  if (withSurveys && query.surveyIds.length > 0) params.set('surveyIds', query.surveyIds.join(','));
  return params.toString();
}
