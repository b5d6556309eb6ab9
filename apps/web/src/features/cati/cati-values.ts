import { CATI_LIMITS, CatiOutcome } from '@loupe/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The CATI screens' values as pure functions (docs/cati-screens.md): outcome names, the callback time's rule, the
 * survey token of a call's SurveyPath, durations, and the statistics period as ISO instants.
 */

export type OutcomeName = 'completed' | 'callback' | 'noAnswer' | 'busy' | 'wrongNumber' | 'refused';

/** Each outcome's i18n name (`cati:outcome.names.{name}`), in the outcome panel's order. */
export const OUTCOME_NAMES: Record<CatiOutcome, OutcomeName> = {
  [CatiOutcome.Completed]: 'completed',
  [CatiOutcome.Callback]: 'callback',
  [CatiOutcome.NoAnswer]: 'noAnswer',
  [CatiOutcome.Busy]: 'busy',
  [CatiOutcome.WrongNumber]: 'wrongNumber',
  [CatiOutcome.Refused]: 'refused',
};

/** An outcome number's name, or undefined for a number this build does not know. */
export function outcomeName(outcome: number | null): OutcomeName | undefined {
  return outcome === null ? undefined : (OUTCOME_NAMES as Record<number, OutcomeName>)[outcome];
}

/** The outcomes that end a customer's invitation for good and so ask the agent to confirm first. */
export const CONFIRMED_OUTCOMES: readonly CatiOutcome[] = [CatiOutcome.WrongNumber, CatiOutcome.Refused];

/**
 * What is wrong with a callback time (the server's rule, 19306): none chosen, or not after `now` or more than 60
 * days ahead of it. Undefined when the time is fine.
 */
export function callbackProblem(at: Dayjs | null | undefined, now: Dayjs): 'required' | 'range' | undefined {
  if (!at) return 'required';
  if (!at.isAfter(now)) return 'range';
  if (at.isAfter(now.add(CATI_LIMITS.callbackDaysMax, 'day'))) return 'range';
  return undefined;
}

/** The respondent page's token of a call's `SurveyPath` (`/s/{token}?mode=agent`): what its finished message names. */
export function surveyTokenOf(surveyPath: string): string {
  const path = new URL(surveyPath, 'http://localhost').pathname;
  const [, , token = ''] = path.split('/');
  return decodeURIComponent(token);
}

/** Seconds as `m:ss`, or `h:mm:ss` from an hour on; null (no calls) as a dash. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '–';
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export type PeriodPreset = 'today' | 'last7' | 'last30' | 'custom';
export const PERIOD_PRESETS: readonly PeriodPreset[] = ['today', 'last7', 'last30', 'custom'];

/**
 * The statistics period as ISO instants [From, To): from the start of its first local day to the start of the
 * day after its last. The presets end today (today: one day, last 7 and 30 days counting today); a custom range
 * is its two days, inclusive. `now` and the range are the user's local time (dayjs), so days follow their clock.
 */
export function periodRange(
  preset: PeriodPreset,
  now: Dayjs,
  custom?: readonly [Dayjs, Dayjs] | null,
): { From: string; To: string } {
  const today = now.startOf('day');
  const [first, last] =
    preset === 'custom' && custom
      ? [custom[0].startOf('day'), custom[1].startOf('day')]
      : preset === 'last30'
        ? [today.subtract(29, 'day'), today]
        : preset === 'last7'
          ? [today.subtract(6, 'day'), today]
          : [today, today];
  return { From: first.toISOString(), To: last.add(1, 'day').toISOString() };
}

/** Whether a custom range is longer than the statistics allow (19308). */
export function isRangeTooLong(range: readonly [Dayjs, Dayjs]): boolean {
  return range[1].startOf('day').diff(range[0].startOf('day'), 'day') + 1 > CATI_LIMITS.statisticsDaysMax;
}

/** A date-time for the screens (local time), or a dash. */
export function formatDateTime(value: string | null): string {
  return value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '–';
}
