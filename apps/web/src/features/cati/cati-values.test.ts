import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  callbackProblem,
  formatDuration,
  isRangeTooLong,
  outcomeName,
  periodRange,
  surveyTokenOf,
} from './cati-values';

describe('the CATI screens’ values', () => {
  it('names the outcomes and nothing else', () => {
    expect(outcomeName(1)).toBe('completed');
    expect(outcomeName(2)).toBe('callback');
    expect(outcomeName(6)).toBe('refused');
    expect(outcomeName(7)).toBeUndefined();
    expect(outcomeName(null)).toBeUndefined();
  });

  it('takes a callback time after now and at most 60 days ahead', () => {
    const now = dayjs();
    expect(callbackProblem(null, now)).toBe('required');
    expect(callbackProblem(now, now)).toBe('range');
    expect(callbackProblem(now.subtract(1, 'minute'), now)).toBe('range');
    expect(callbackProblem(now.add(1, 'minute'), now)).toBeUndefined();
    expect(callbackProblem(now.add(60, 'day'), now)).toBeUndefined();
    expect(callbackProblem(now.add(60, 'day').add(1, 'minute'), now)).toBe('range');
  });

  it('reads the token of the agent-mode survey path', () => {
    expect(surveyTokenOf('/s/abc-123?mode=agent')).toBe('abc-123');
    expect(surveyTokenOf('/s/a%20b?mode=agent')).toBe('a b');
    expect(surveyTokenOf('https://loupe.example/s/xyz?mode=agent')).toBe('xyz');
  });

  it('writes durations as minutes and seconds, hours when there are any', () => {
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('builds the period from local day boundaries, the last day included', () => {
    const now = dayjs().hour(13).minute(7);
    const today = now.startOf('day');
    const tomorrow = today.add(1, 'day');
    expect(periodRange('today', now)).toEqual({ From: today.toISOString(), To: tomorrow.toISOString() });
    expect(periodRange('last7', now)).toEqual({
      From: today.subtract(6, 'day').toISOString(),
      To: tomorrow.toISOString(),
    });
    expect(periodRange('last30', now).From).toBe(today.subtract(29, 'day').toISOString());
    const first = today.subtract(10, 'day').hour(18);
    const last = today.subtract(3, 'day').hour(2);
    expect(periodRange('custom', now, [first, last])).toEqual({
      From: today.subtract(10, 'day').toISOString(),
      To: today.subtract(2, 'day').toISOString(),
    });
    // Without a chosen range, custom falls back to today.
    expect(periodRange('custom', now, null)).toEqual(periodRange('today', now));
  });

  it('refuses a custom range past 366 days', () => {
    const start = dayjs().startOf('day');
    expect(isRangeTooLong([start, start.add(365, 'day')])).toBe(false);
    expect(isRangeTooLong([start, start.add(366, 'day')])).toBe(true);
  });
});
