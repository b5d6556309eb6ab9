import { KNOWN_JOB_NAMES } from '@loupe/contracts';
import dayjs from 'dayjs';

/** The console's date and time (shell spec §9 date format, with the time). */
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** An ISO instant as the date and time in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format(DATE_TIME_FORMAT);
}

/** Whether the console has a translated name for the job (else it shows the name as the server has it). */
export function isKnownJob(name: string): name is (typeof KNOWN_JOB_NAMES)[number] {
  return (KNOWN_JOB_NAMES as readonly string[]).includes(name);
}

/** The minute of an hourly cron (`7 * * * *` → 7); undefined for any other pattern. */
export function hourlyMinute(cron: string): number | undefined {
  const match = /^(\d{1,2}) \* \* \* \*$/.exec(cron.trim());
  const minute = match ? Number(match[1]) : NaN;
  return minute >= 0 && minute < 60 ? minute : undefined;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/**
 * `iso` relative to `now` in the language's words ("in 23 minutes", "5 hours ago"), in the largest unit that fits;
 * nothing for none.
 */
export function relativeTime(iso: string | null, now: number, language: string): string {
  if (!iso) return '';
  const difference = Date.parse(iso) - now;
  if (Number.isNaN(difference)) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(difference) >= ms || unit === 'second')
      return format.format(Math.round(difference / ms), unit);
  }
  return '';
}
