import { describe, expect, it } from 'vitest';
import { quotaCronWithinSchedule } from './quota-cron.js';

describe('a quota refresh cron within the refresh job schedule (4022)', () => {
  it('takes crons that fire only on multiples of 5 minutes, at second 0', () => {
    for (const cron of ['*/5 * * * *', '0 * * * *', '*/15 9-17 * * 1-5', '10,25 3 1 * *', '0 0/10 * * * *'])
      expect(quotaCronWithinSchedule(cron), cron).toBe(true);
  });

  it('refuses crons firing between the job runs, at a second other than 0, or no cron at all', () => {
    for (const cron of [
      '* * * * *',
      '*/7 * * * *',
      '3 0 * * *',
      '0-10 * * * *',
      '30 */5 * * * *',
      'nonsense',
    ])
      expect(quotaCronWithinSchedule(cron), cron).toBe(false);
  });

  it('reads an offset cron at its own offset', () => {
    expect(quotaCronWithinSchedule('30 8 * * * +03:30')).toBe(true);
    expect(quotaCronWithinSchedule('0 8 * * * +03:07')).toBe(false);
  });
});
