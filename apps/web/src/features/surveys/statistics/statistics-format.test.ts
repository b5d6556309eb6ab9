import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration, periodLabel } from './statistics-format';

describe('formatDuration', () => {
  it('writes the two largest units, rounded to whole seconds', () => {
    expect(formatDuration(7_512, 'en')).toBe('2 hr, 5 min');
    expect(formatDuration(44.6, 'en')).toBe('45 sec');
    expect(formatDuration(90_061, 'en')).toBe('1 day, 1 hr');
    expect(formatDuration(0, 'en')).toBe('0 sec');
    expect(formatDuration(-3, 'en')).toBe('0 sec');
  });

  it("speaks the interface's language", () => {
    expect(formatDuration(7_512, 'tr')).toBe('2 sa. 5 dk.');
    expect(formatDuration(125, 'ar')).toContain('د');
  });
});

describe('periodLabel', () => {
  afterEach(() => {
    dayjs.locale('en');
  });

  it('writes days and weeks as their first day, months by name', () => {
    dayjs.locale('en');
    expect(periodLabel('2026-03-02', 'day')).toBe('02/03/2026');
    expect(periodLabel('2026-03-02', 'week')).toBe('02/03/2026');
    expect(periodLabel('2026-03-01', 'month')).toBe('March 2026');
    expect(periodLabel('not a day', 'month')).toBe('not a day');
  });
});
