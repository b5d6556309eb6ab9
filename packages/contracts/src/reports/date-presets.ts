import type { Dayjs } from 'dayjs';

/*
 * A report's date range (reports spec §3 "TimeRange", §9 "date presets"): pure, so the web's picker, the server
 * (alert rules, e-mailed reports) and the tests share one set of rules. Only dayjs's type is imported: callers
 * pass their own dayjs values, and every rule works on those values' calendar days. Weeks start on the locale's
 * first day (Monday in Turkish, Sunday in English): pass `today` in the interface's (or the recipient's) locale.
 */

/** The console's date format (reports spec §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** The presets, in the order the picker lists them. */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'thisYear',
  'last7Days',
  'last30Days',
  'last3Months',
  'last6Months',
  'last1Year',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** What an unknown preset name stands for. */
const FALLBACK_PRESET: DatePreset = 'last30Days';

export type DayRange = [Dayjs, Dayjs];

/** The presets that reach back whole months: offered only when the licence keeps that much data. */
const PRESET_MONTHS: Partial<Record<DatePreset, number>> = { last3Months: 3, last6Months: 6, last1Year: 12 };

/** A licence retention month counts as 31 days when the earliest selectable day is worked out. */
const DAYS_PER_RETENTION_MONTH = 31;

export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === 'string' && (DATE_PRESETS as readonly string[]).includes(value);
}

function lastDays(today: Dayjs, days: number): DayRange {
  return [today.subtract(days - 1, 'day'), today];
}

/** `months` back from today, today included: the day after the same date `months` ago. */
function lastMonths(today: Dayjs, months: number): DayRange {
  return [today.subtract(months, 'month').add(1, 'day'), today];
}

/**
 * The whole days a preset covers, both ends included, ending no later than today (this week, month, quarter and
 * year end today). An unknown preset is read as the last 30 days.
 */
export function presetRange(preset: string, now: Dayjs): DayRange {
  const today = now.startOf('day');
  const name = isDatePreset(preset) ? preset : FALLBACK_PRESET;
  switch (name) {
    case 'today':
      return [today, today];
    case 'yesterday': {
      const yesterday = today.subtract(1, 'day');
      return [yesterday, yesterday];
    }
    case 'thisWeek':
      return [today.startOf('week'), today];
    case 'lastWeek': {
      const start = today.startOf('week').subtract(1, 'week');
      return [start, start.endOf('week').startOf('day')];
    }
    case 'thisMonth':
      return [today.startOf('month'), today];
    case 'lastMonth': {
      const start = today.startOf('month').subtract(1, 'month');
      return [start, start.endOf('month').startOf('day')];
    }
    case 'thisQuarter':
      // dayjs has no quarter unit without a plugin: the quarter starts in month 0, 3, 6 or 9.
      return [today.startOf('month').month(today.month() - (today.month() % 3)), today];
    case 'thisYear':
      return [today.startOf('year'), today];
    case 'last7Days':
      return lastDays(today, 7);
    case 'last30Days':
      return lastDays(today, 30);
    case 'last3Months':
      return lastMonths(today, 3);
    case 'last6Months':
      return lastMonths(today, 6);
    case 'last1Year':
      return lastMonths(today, 12);
  }
}

/** The range a report opens with: 1 January of this year to today (reports spec §3). */
export function defaultRange(now: Dayjs): DayRange {
  return presetRange('thisYear', now);
}

/**
 * The earliest day that may be picked: 31 days per month of the licence's data retention back from today, or
 * none when retention is 0 (unlimited).
 */
export function minimumDate(now: Dayjs, retentionMonths: number): Dayjs | undefined {
  if (retentionMonths <= 0) return undefined;
  return now.startOf('day').subtract(retentionMonths * DAYS_PER_RETENTION_MONTH, 'day');
}

/** The presets offered: the 3-, 6- and 12-month ones only when retention is unlimited or at least that long. */
export function availablePresets(retentionMonths: number): DatePreset[] {
  return DATE_PRESETS.filter((preset) => {
    const months = PRESET_MONTHS[preset];
    return months === undefined || retentionMonths <= 0 || retentionMonths >= months;
  });
}

/** Whether the picker greys a day out: after today, or before the retention's earliest day. */
export function isDisabledDay(day: Dayjs, now: Dayjs, retentionMonths: number): boolean {
  if (day.isAfter(now, 'day')) return true;
  const minimum = minimumDate(now, retentionMonths);
  return minimum !== undefined && day.isBefore(minimum, 'day');
}

/** A range brought inside what may be picked: its start no earlier than the retention allows, its end no later than today. */
export function clampRange([from, to]: DayRange, now: Dayjs, retentionMonths: number): DayRange {
  const today = now.startOf('day');
  const minimum = minimumDate(now, retentionMonths);
  const atLeastMinimum = (day: Dayjs) => (minimum && day.isBefore(minimum, 'day') ? minimum : day);
  const end = atLeastMinimum(to.isAfter(today, 'day') ? today : to.startOf('day'));
  const start = atLeastMinimum(from.startOf('day'));
  return start.isAfter(end, 'day') ? [end, end] : [start, end];
}

/**
 * The preset covering exactly this range, for the filter's TimePeriod; undefined for a custom range. Two presets
 * can cover the same days (on a Sunday this week is the last 7 days), so the one the user picked, `picked`, wins
 * when it matches; otherwise the first offered one does.
 */
export function presetOfRange(
  range: DayRange,
  now: Dayjs,
  presets: readonly DatePreset[],
  picked?: DatePreset,
): DatePreset | undefined {
  const covers = (preset: DatePreset) => {
    const [start, end] = presetRange(preset, now);
    return start.isSame(range[0], 'day') && end.isSame(range[1], 'day');
  };
  if (picked !== undefined && presets.includes(picked) && covers(picked)) return picked;
  return presets.find(covers);
}
