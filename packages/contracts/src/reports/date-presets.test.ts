import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import { describe, expect, it } from 'vitest';
import {
  availablePresets,
  clampRange,
  DATE_PRESETS,
  defaultRange,
  isDisabledDay,
  minimumDate,
  presetOfRange,
  presetRange,
  type DayRange,
} from './date-presets.js';

// Saturday 21 November 2026, in the afternoon. Every date here is local wall-clock time and the rules work on
// calendar days, so the expectations hold in any time zone (checked with TZ=UTC, Pacific/Kiritimati,
// America/Los_Angeles, Asia/Kathmandu and America/Santiago).
const nowTr = dayjs('2026-11-21T15:30:00').locale('tr');
const nowEn = dayjs('2026-11-21T15:30:00').locale('en');
const days = (range: DayRange) => range.map((day) => day.format('YYYY-MM-DD'));

describe('presetRange', () => {
  it('gives every preset its whole days, ending no later than today (Turkish weeks start on Monday)', () => {
    const expected: Record<(typeof DATE_PRESETS)[number], [string, string]> = {
      today: ['2026-11-21', '2026-11-21'],
      yesterday: ['2026-11-20', '2026-11-20'],
      thisWeek: ['2026-11-16', '2026-11-21'],
      lastWeek: ['2026-11-09', '2026-11-15'],
      thisMonth: ['2026-11-01', '2026-11-21'],
      lastMonth: ['2026-10-01', '2026-10-31'],
      thisQuarter: ['2026-10-01', '2026-11-21'],
      thisYear: ['2026-01-01', '2026-11-21'],
      last7Days: ['2026-11-15', '2026-11-21'],
      last30Days: ['2026-10-23', '2026-11-21'],
      last3Months: ['2026-08-22', '2026-11-21'],
      last6Months: ['2026-05-22', '2026-11-21'],
      last1Year: ['2025-11-22', '2026-11-21'],
    };
    for (const preset of DATE_PRESETS)
      expect(days(presetRange(preset, nowTr)), preset).toEqual(expected[preset]);
  });

  it('starts English weeks on Sunday', () => {
    expect(days(presetRange('thisWeek', nowEn))).toEqual(['2026-11-15', '2026-11-21']);
    expect(days(presetRange('lastWeek', nowEn))).toEqual(['2026-11-08', '2026-11-14']);
  });

  it('reads an unknown preset as the last 30 days', () => {
    expect(days(presetRange('lastDecade', nowTr))).toEqual(['2026-10-23', '2026-11-21']);
    expect(days(presetRange('', nowTr))).toEqual(days(presetRange('last30Days', nowTr)));
  });

  it('finds the quarter and the previous month across a year boundary', () => {
    const january = dayjs('2027-01-10T08:00:00').locale('tr');
    expect(days(presetRange('thisQuarter', january))).toEqual(['2027-01-01', '2027-01-10']);
    expect(days(presetRange('lastMonth', january))).toEqual(['2026-12-01', '2026-12-31']);
    const august = dayjs('2026-08-31T08:00:00').locale('tr');
    expect(days(presetRange('thisQuarter', august))).toEqual(['2026-07-01', '2026-08-31']);
  });

  it('opens a report on 1 January of this year to today', () => {
    expect(days(defaultRange(nowTr))).toEqual(['2026-01-01', '2026-11-21']);
  });
});

describe('the licence data retention', () => {
  it('offers every preset when retention is unlimited (0)', () => {
    expect(availablePresets(0)).toEqual([...DATE_PRESETS]);
  });

  it('offers the 3, 6 and 12-month presets only when retention is at least that long', () => {
    const monthly = (months: number) =>
      availablePresets(months).filter((preset) =>
        ['last3Months', 'last6Months', 'last1Year'].includes(preset),
      );
    expect(monthly(2)).toEqual([]);
    expect(monthly(3)).toEqual(['last3Months']);
    expect(monthly(5)).toEqual(['last3Months']);
    expect(monthly(6)).toEqual(['last3Months', 'last6Months']);
    expect(monthly(12)).toEqual(['last3Months', 'last6Months', 'last1Year']);
    expect(monthly(24)).toEqual(['last3Months', 'last6Months', 'last1Year']);
    expect(availablePresets(1)).toContain('last30Days');
  });

  it('sets the earliest day 31 days per retention month back, and none for unlimited', () => {
    expect(minimumDate(nowTr, 0)).toBeUndefined();
    expect(minimumDate(nowTr, 1)?.format('YYYY-MM-DD')).toBe('2026-10-21');
    expect(minimumDate(nowTr, 3)?.format('YYYY-MM-DD')).toBe('2026-08-20');
  });

  it('greys out days after today and before the earliest day', () => {
    expect(isDisabledDay(dayjs('2026-11-21T23:59:00'), nowTr, 0)).toBe(false);
    expect(isDisabledDay(dayjs('2026-11-22T00:00:00'), nowTr, 0)).toBe(true);
    expect(isDisabledDay(dayjs('2001-01-01'), nowTr, 0)).toBe(false);
    expect(isDisabledDay(dayjs('2026-08-20'), nowTr, 3)).toBe(false);
    expect(isDisabledDay(dayjs('2026-08-19'), nowTr, 3)).toBe(true);
  });

  it('brings a range inside the allowed days', () => {
    expect(days(clampRange(defaultRange(nowTr), nowTr, 3))).toEqual(['2026-08-20', '2026-11-21']);
    expect(days(clampRange(defaultRange(nowTr), nowTr, 0))).toEqual(['2026-01-01', '2026-11-21']);
    expect(days(clampRange([dayjs('2026-11-01'), dayjs('2026-12-05')], nowTr, 0))).toEqual([
      '2026-11-01',
      '2026-11-21',
    ]);
    expect(days(clampRange([dayjs('2020-01-01'), dayjs('2020-02-01')], nowTr, 1))).toEqual([
      '2026-10-21',
      '2026-10-21',
    ]);
  });
});

describe('presetOfRange', () => {
  it('names the preset a range came from, or none for a custom range', () => {
    const presets = availablePresets(0);
    expect(presetOfRange(presetRange('lastMonth', nowTr), nowTr, presets)).toBe('lastMonth');
    expect(presetOfRange(presetRange('last1Year', nowTr), nowTr, presets)).toBe('last1Year');
    expect(presetOfRange([dayjs('2026-11-02'), dayjs('2026-11-05')], nowTr, presets)).toBeUndefined();
    expect(presetOfRange(presetRange('last1Year', nowTr), nowTr, availablePresets(6))).toBeUndefined();
  });

  it('keeps the picked preset when two cover the same days, as this week and the last 7 days do on the last day of a week', () => {
    const presets = availablePresets(0);
    const weekEnd = [0, 1, 2, 3, 4, 5, 6]
      .map((offset) => nowTr.add(offset, 'day'))
      .find((day) => day.startOf('week').isSame(day.subtract(6, 'day'), 'day'));
    if (weekEnd === undefined) throw new Error('a week has a last day');
    const lastSeven = presetRange('last7Days', weekEnd);
    expect(days(presetRange('thisWeek', weekEnd))).toEqual(days(lastSeven));
    expect(presetOfRange(lastSeven, weekEnd, presets, 'last7Days')).toBe('last7Days');
    expect(presetOfRange(lastSeven, weekEnd, presets, 'thisWeek')).toBe('thisWeek');
    expect(presetOfRange(lastSeven, weekEnd, presets, 'lastMonth')).toBe(
      presetOfRange(lastSeven, weekEnd, presets),
    );
  });
});
