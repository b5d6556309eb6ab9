import { Cron } from 'croner';
import { parseCronExpression } from '@loupe/contracts';

/**
 * The next time a notification's cron names after `after`: five fields in UTC, or at the UTC offset the cron
 * ends with (the contracts cron rule, as FTP exports read theirs). Null for a cron that names no later time.
 */
export function nextRunOf(cron: string, after: Date): Date | null {
  const parsed = parseCronExpression(cron);
  if (!parsed) return null;
  const options =
    parsed.utcOffsetMinutes === undefined ? { timezone: 'UTC' } : { utcOffset: parsed.utcOffsetMinutes };
  return new Cron(parsed.pattern, { ...options, paused: true, sloppyRanges: true }).nextRun(after);
}
