import { Cron } from 'croner';
import { parseCronExpression } from '../validators.js';
import { SURVEY_LIMITS } from './survey.schema.js';

/** How many fire times of a quota's refresh cron are checked (docs/surveys-wizard.md, rule 4022). */
const QUOTA_CRON_RUNS_CHECKED = 120;
/** A fixed start, so that the check gives the same answer on any day, hour and time zone. */
const CHECK_FROM = new Date('2026-01-01T00:00:00Z');

/**
 * Whether a quota's refresh cron falls within the refresh job's schedule (surveys spec §5, 4022): every time it
 * fires is a time the job runs (`SURVEY_LIMITS.quotaRefreshJobCron`, every 5 minutes). Both are read in UTC (the
 * quota cron with its own offset, when it names one); its next QUOTA_CRON_RUNS_CHECKED fire times are checked.
 * The minute and second fields repeat within every hour and day the cron fires, so 120 runs cover every minute
 * and second value it can take. An expression that is not a cron answers false.
 */
export function quotaCronWithinSchedule(
  expression: string,
  schedule: string = SURVEY_LIMITS.quotaRefreshJobCron,
): boolean {
  const parsed = parseCronExpression(expression);
  if (!parsed) return false;
  const timing =
    parsed.utcOffsetMinutes === undefined ? { timezone: 'UTC' } : { utcOffset: parsed.utcOffsetMinutes };
  const fires = new Cron(parsed.pattern, { paused: true, sloppyRanges: true, ...timing }).nextRuns(
    QUOTA_CRON_RUNS_CHECKED,
    CHECK_FROM,
  );
  const job = new Cron(schedule, { paused: true, timezone: 'UTC' });
  return fires.every((fire) => job.match(fire));
}
