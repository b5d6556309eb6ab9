import { describe, expect, it } from 'vitest';
import { DAY_MS, isoWeekday, isoWeekIndex, isoWeekMonday } from './iso-week.js';

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe('ISO weeks on day numbers', () => {
  it('numbers the days Monday 0 to Sunday 6, as the calendar has them, before and after 1970', () => {
    expect(isoWeekday(dayOf('1970-01-01'))).toBe(3);
    expect(isoWeekday(dayOf('2024-01-01'))).toBe(0);
    expect(isoWeekday(dayOf('2021-01-03'))).toBe(6);
    for (let day = -400; day < 30_000; day += 37) {
      expect(isoWeekday(day), dateOf(day)).toBe((new Date(day * DAY_MS).getUTCDay() + 6) % 7);
    }
  });

  it('puts Monday to Sunday in one week, the next Monday in the next, across a year end', () => {
    // 2020-W53 runs from Monday 28 December 2020 to Sunday 3 January 2021.
    const week = isoWeekIndex(dayOf('2020-12-28'));
    expect(isoWeekIndex(dayOf('2021-01-03'))).toBe(week);
    expect(isoWeekIndex(dayOf('2021-01-04'))).toBe(week + 1);
    expect(dateOf(isoWeekMonday(week))).toBe('2020-12-28');
    expect(dateOf(isoWeekMonday(isoWeekIndex(dayOf('1969-12-31'))))).toBe('1969-12-29');
  });
});
