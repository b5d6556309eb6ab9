import dayjs from 'dayjs';
import type { StatisticsPeriod } from './statistics-query';

/*
 * How the statistics screens write a duration and a period (issue 16 §4): pure, in the interface language's
 * words and digits (Intl), tested apart from the pages.
 */

const UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

/**
 * A number of seconds as people read it, largest units first and at most two of them ("2 hr, 5 min", "45 sec",
 * "2 sa. 5 dk." in Turkish); whole seconds, rounded.
 */
export function formatDuration(seconds: number, locale: string): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const { unit, seconds: size } of UNITS) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(amount));
    }
  }
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(parts.slice(0, 2));
}

/**
 * A period key of the API (`YYYY-MM-DD`, the period's first day) as the axis shows it: the day for days and
 * weeks (DD/MM/YYYY), the month's name and year for months, in dayjs's current locale.
 */
export function periodLabel(period: string, kind: StatisticsPeriod): string {
  const day = dayjs(period.slice(0, 10));
  if (!day.isValid()) return period;
  switch (kind) {
    case 'day':
    case 'week':
      return day.format('DD/MM/YYYY');
    case 'month':
      return day.format('MMMM YYYY');
  }
}
