import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { apiSearch, callerTimezoneOffset, queryFromParams, queryToParams } from './statistics-query';

const today = dayjs('2026-11-25');
const days = (query: ReturnType<typeof queryFromParams>) =>
  query.range.map((day) => day.format('YYYY-MM-DD'));

describe('queryFromParams', () => {
  it('reads the range, period and surveys of the address', () => {
    const query = queryFromParams(
      new URLSearchParams('from=2026-10-01&to=2026-10-31&period=week&surveys=3,1,3'),
      today,
    );
    expect(days(query)).toEqual(['2026-10-01', '2026-10-31']);
    expect(query.period).toBe('week');
    expect(query.surveyIds).toEqual([3, 1]);
  });

  it('opens on the last 30 days by day for all surveys', () => {
    const query = queryFromParams(new URLSearchParams(), today);
    expect(days(query)).toEqual(['2026-10-27', '2026-11-25']);
    expect(query.period).toBe('day');
    expect(query.surveyIds).toEqual([]);
  });

  it('refuses a reversed range, a day after today, an unknown period and ids that are not int32', () => {
    const query = queryFromParams(
      new URLSearchParams('from=2026-11-20&to=2026-11-26&period=year&surveys=0,x,2147483648,5'),
      today,
    );
    expect(days(query)).toEqual(['2026-10-27', '2026-11-25']);
    expect(query.period).toBe('day');
    expect(query.surveyIds).toEqual([5]);
    expect(days(queryFromParams(new URLSearchParams('from=2026-11-10&to=2026-11-01'), today))).toEqual([
      '2026-10-27',
      '2026-11-25',
    ]);
    expect(days(queryFromParams(new URLSearchParams('from=2026-02-30&to=2026-03-01'), today))[0]).toBe(
      '2026-10-27',
    );
  });

  it('goes back to the address unchanged', () => {
    const params = { from: '2026-01-01', to: '2026-06-30', period: 'month', surveys: '4,9' };
    expect(queryToParams(queryFromParams(new URLSearchParams(params), today))).toEqual(params);
    expect(queryToParams(queryFromParams(new URLSearchParams(), today))).not.toHaveProperty('surveys');
  });
});

describe('apiSearch', () => {
  it("sends the range's days, the caller's offset, the period and the surveys", () => {
    const query = queryFromParams(new URLSearchParams('from=2026-10-01&to=2026-10-31&surveys=2,7'), today);
    expect(apiSearch(query, 180)).toBe(
      'from=2026-10-01&to=2026-10-31&timezoneOffset=180&period=day&surveyIds=2%2C7',
    );
    expect(apiSearch(query, -300, false)).toBe(
      'from=2026-10-01&to=2026-10-31&timezoneOffset=-300&period=day',
    );
  });
});

describe('callerTimezoneOffset', () => {
  it('counts UTC minus local time, as getTimezoneOffset and the TimezoneOffset header do', () => {
    const at = (offset: number) => ({ getTimezoneOffset: () => offset }) as Date;
    expect(callerTimezoneOffset(at(-180))).toBe(-180);
    expect(callerTimezoneOffset(at(300))).toBe(300);
    expect(Object.is(callerTimezoneOffset(at(-0)), 0)).toBe(true);
  });
});
