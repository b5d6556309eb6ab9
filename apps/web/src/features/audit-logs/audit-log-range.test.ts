import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  isAfterToday,
  operationTypeKey,
  rangeFilterBody,
  rangeFromParams,
  rangeToParams,
} from './audit-log-range';

const today = dayjs('2026-11-21T15:30:00');
const days = (range: [dayjs.Dayjs, dayjs.Dayjs]) => range.map((day) => day.format('YYYY-MM-DD'));

describe('the audit-log date range', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(days(defaultRange(today))).toEqual(['2026-11-15', '2026-11-21']);
  });

  it('reads a valid range from the address and round-trips it', () => {
    const range = rangeFromParams(new URLSearchParams({ from: '2026-10-01', to: '2026-10-31' }), today);
    expect(days(range)).toEqual(['2026-10-01', '2026-10-31']);
    expect(rangeToParams(range)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('falls back to the default for a missing, malformed, reversed or future range', () => {
    for (const params of [
      {} as Record<string, string>,
      { from: '2026-10-01' },
      { from: '01/10/2026', to: '2026-10-31' },
      { from: '2026-02-30', to: '2026-03-02' },
      { from: '2026-10-31', to: '2026-10-01' },
      { from: '2026-11-20', to: '2026-11-22' },
    ]) {
      expect(days(rangeFromParams(new URLSearchParams(params), today)), JSON.stringify(params)).toEqual([
        '2026-11-15',
        '2026-11-21',
      ]);
    }
  });

  it('sends the whole of both days as instants', () => {
    const body = rangeFilterBody([dayjs('2026-11-15'), dayjs('2026-11-21')]);
    expect(new Date(body.StartDate).getTime()).toBe(dayjs('2026-11-15T00:00:00').valueOf());
    expect(new Date(body.EndDate).getTime()).toBe(dayjs('2026-11-21T23:59:59.999').valueOf());
  });

  it('allows today but not tomorrow', () => {
    expect(isAfterToday(dayjs('2026-11-21T23:00:00'), today)).toBe(false);
    expect(isAfterToday(dayjs('2026-11-22T00:00:00'), today)).toBe(true);
  });
});

describe('operationTypeKey', () => {
  it('names the client types, logout (6) and page visit (7), and leaves unknown numbers unnamed', () => {
    expect(operationTypeKey(6)).toBe('logout');
    expect(operationTypeKey(7)).toBe('pageVisit');
    expect(operationTypeKey(42)).toBeUndefined();
  });

  it('names every type the server records', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 10].map(operationTypeKey)).toEqual([
      'create',
      'update',
      'delete',
      'signIn',
      'signInFailed',
      'signOut',
      'export',
      'restrictionChange',
    ]);
  });
});
