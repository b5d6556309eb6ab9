import { describe, expect, it } from 'vitest';
import { hourlyMinute, isKnownJob, relativeTime } from './job-format';

describe('hourlyMinute', () => {
  it('reads the minute of an hourly cron only', () => {
    expect(hourlyMinute('7 * * * *')).toBe(7);
    expect(hourlyMinute('0 * * * *')).toBe(0);
    expect(hourlyMinute('60 * * * *')).toBeUndefined();
    expect(hourlyMinute('7 3 * * *')).toBeUndefined();
    expect(hourlyMinute('*/5 * * * *')).toBeUndefined();
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  it('words the distance in the largest unit that fits, either way', () => {
    expect(relativeTime('2026-03-01T10:23:00Z', now, 'en')).toBe('in 23 minutes');
    expect(relativeTime('2026-03-01T05:00:00Z', now, 'en')).toBe('5 hours ago');
    expect(relativeTime('2026-03-03T10:00:00Z', now, 'en')).toBe('in 2 days');
    expect(relativeTime('2026-03-01T10:00:10Z', now, 'en')).toBe('in 10 seconds');
  });
  it('answers nothing for none or an unreadable date', () => {
    expect(relativeTime(null, now, 'en')).toBe('');
    expect(relativeTime('soon', now, 'en')).toBe('');
  });
});

describe('isKnownJob', () => {
  it('knows the server’s schedules and queues', () => {
    expect(isKnownJob('purge-import-logs')).toBe(true);
    expect(isKnownJob('somebody-elses-queue')).toBe(false);
  });
});
