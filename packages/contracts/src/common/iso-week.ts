/*
 * ISO weeks (Monday to Sunday) on day numbers: whole days since 1970-01-01, counted in UTC so that no time zone
 * moves a day. The trend buckets, the days-of-week chart and the demo generator count weeks with these.
 */

/** One day in milliseconds: a day number times this is the day's UTC midnight. */
export const DAY_MS = 86_400_000;

/** 1970-01-05 (day 4) was a Monday: ISO weeks are counted from it. */
const FIRST_MONDAY = 4;

/** A running number of the ISO week a day falls in: week 0 starts on Monday 1970-01-05. */
export function isoWeekIndex(day: number): number {
  return Math.floor((day - FIRST_MONDAY) / 7);
}

/** The day number of the Monday that starts ISO week `index`. */
export function isoWeekMonday(index: number): number {
  return index * 7 + FIRST_MONDAY;
}

/** The ISO day of the week of a day number: 0 Monday … 6 Sunday. */
export function isoWeekday(day: number): number {
  return day - isoWeekMonday(isoWeekIndex(day));
}
