import { Cron } from 'croner';
import { parseCronExpression } from '@loupe/contracts';

/**
 * The next time an export's cron names after `after`. The spec's cron may end in a UTC offset (`0 6 * * * +03:00`):
 * croner reads the fields at that offset; without one they are UTC, as every schedule of the server's. Null when
 * the cron names no later time (a year that has passed) or is not one the contracts accept.
 */
export function nextRunOf(cron: string, after: Date): Date | null {
  const parsed = parseCronExpression(cron);
  if (!parsed) return null;
  const options =
    parsed.utcOffsetMinutes === undefined ? { timezone: 'UTC' } : { utcOffset: parsed.utcOffsetMinutes };
  return new Cron(parsed.pattern, { ...options, paused: true, sloppyRanges: true }).nextRun(after);
}
