import {
  DAY_MS,
  isoWeekIndex,
  isoWeekMonday,
  TREND_MAX_POINTS,
  type CategoryType,
  type TimeRange,
} from '@loupe/contracts';

/*
 * Trend buckets (reports spec §9 "category types", "the last 35 data points"): how many days, ISO weeks, months
 * or quarters a date range touches, whether a trend chart covers the whole range, and how a bucket
 * ('2024-03-05', '2024-W09', '2024-03', '2024-Q1', as the API names them) is written. Dates are calendar dates,
 * computed in UTC so that no time zone moves a day.
 */

/** Days since 1970-01-01 of a 'YYYY-MM-DD' (a longer ISO text is read by its date). */
function dayNumber(date: string): number {
  const [year = 0, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A running number of the bucket a date falls in, so that two buckets' distance is their difference. */
export function bucketIndex(date: string, type: CategoryType): number {
  const day = dayNumber(date);
  const [year = 0, month = 1] = date.slice(0, 7).split('-').map(Number);
  switch (type) {
    case 'DD':
      return day;
    case 'WW':
      return isoWeekIndex(day);
    case 'MM':
      return year * 12 + (month - 1);
    case 'QQ':
      return year * 4 + Math.floor((month - 1) / 3);
  }
}

/** The first day of the bucket with the given running number. */
function bucketStart(index: number, type: CategoryType): string {
  switch (type) {
    case 'DD':
      return dateOfDay(index);
    case 'WW':
      return dateOfDay(isoWeekMonday(index));
    case 'MM':
      return isoDate(Math.floor(index / 12), (index % 12) + 1);
    case 'QQ':
      return isoDate(Math.floor(index / 4), (index % 4) * 3 + 1);
  }
}

function isoDate(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** How many buckets the range touches, both ends included (1 January to 31 March: 3 months, 1 quarter). */
export function bucketCount(range: TimeRange, type: CategoryType): number {
  return bucketIndex(range[1], type) - bucketIndex(range[0], type) + 1;
}

export type RangeCoverage =
  | { covered: true; buckets: number }
  | {
      covered: false;
      buckets: number;
      /** The first day of the earliest bucket the chart shows. */
      shownFrom: string;
    };

/**
 * Reports spec §2 "a warning when the date range is not covered for trend charts": a trend shows the last
 * TREND_MAX_POINTS buckets, so a range touching more of them is not covered from its start. The chart then
 * begins with the bucket `shownFrom` starts.
 */
export function rangeCoverage(
  range: TimeRange,
  type: CategoryType,
  maxPoints: number = TREND_MAX_POINTS,
): RangeCoverage {
  const buckets = bucketCount(range, type);
  if (buckets <= maxPoints) return { covered: true, buckets };
  return {
    covered: false,
    buckets,
    shownFrom: bucketStart(bucketIndex(range[1], type) - maxPoints + 1, type),
  };
}

/** 'YYYY-MM-DD' as the console writes dates (reports spec §9: DD/MM/YYYY). */
export function formatDay(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

export type BucketWords = {
  week: (values: { week: number; year: number }) => string;
  quarter: (values: { quarter: number; year: number }) => string;
};

/**
 * A bucket as a chart names it: a day as DD/MM/YYYY, a week and a quarter in the interface's words, a month by
 * its short name and year in the interface language. A text that is no bucket is shown as it is.
 */
export function bucketLabel(category: string, locale: string, words: BucketWords): string {
  const week = /^(\d{4})-W(\d{1,2})$/.exec(category);
  if (week) return words.week({ year: Number(week[1]), week: Number(week[2]) });
  const quarter = /^(\d{4})-Q([1-4])$/.exec(category);
  if (quarter) return words.quarter({ year: Number(quarter[1]), quarter: Number(quarter[2]) });
  const month = /^(\d{4})-(\d{2})$/.exec(category);
  if (month) {
    const date = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(category)) return formatDay(category);
  return category;
}
