import type { LicenseInfo } from '@loupe/contracts';

/*
 * Licence and session-limit notices (shell spec §8, §9), shown to holders of the `license` scope. Pure, so the
 * thresholds are tested apart from the notification component.
 */

/** A licence this close to its end (days) gets a notice; at or below the failure threshold it is an error. */
export const LICENSE_WARNING_DAYS = 60;
export const LICENSE_FAILURE_DAYS = 30;
/** Remaining sessions at or below this get a notice; on Mondays the wider margin gives a week's warning. */
export const SESSION_WARNING_REMAINING = 2000;
const SESSION_WARNING_REMAINING_MONDAY = 20000;
/** How long a notice stays on screen. */
export const NOTICE_DURATION_SECONDS = 10;

export type LicenseNotice =
  | { kind: 'licenseExpiring'; level: 'warning' | 'error'; days: number }
  | {
      kind: 'sessionLimit' | 'externalSessionLimit';
      level: 'warning';
      remaining: number;
      limit: number;
    }
  | { kind: 'sessionLimitReached' | 'externalSessionLimitReached'; level: 'error'; limit: number };

function sessionNotice(
  { limit, used, today }: { limit: number; used: number; today: Date },
  kinds: {
    warning: 'sessionLimit' | 'externalSessionLimit';
    reached: 'sessionLimitReached' | 'externalSessionLimitReached';
  },
): LicenseNotice | null {
  // A limit of 0 means unlimited.
  if (limit <= 0) return null;
  const remaining = limit - used;
  if (remaining <= 0) return { kind: kinds.reached, level: 'error', limit };
  const margin = today.getDay() === 1 ? SESSION_WARNING_REMAINING_MONDAY : SESSION_WARNING_REMAINING;
  if (remaining <= margin) return { kind: kinds.warning, level: 'warning', remaining, limit };
  return null;
}

/** The notices a licence calls for today, licence expiry first. */
export function licenseNotices(license: LicenseInfo, today: Date): LicenseNotice[] {
  const notices: LicenseNotice[] = [];
  // An invalid licence is reported in the footer instead.
  if (license.IsValid && license.ExpireIn <= LICENSE_WARNING_DAYS) {
    notices.push({
      kind: 'licenseExpiring',
      level: license.ExpireIn > LICENSE_FAILURE_DAYS ? 'warning' : 'error',
      days: license.ExpireIn,
    });
  }
  const sessions = sessionNotice(
    { limit: license.SessionLimitPerYear, used: license.SessionCount, today },
    { warning: 'sessionLimit', reached: 'sessionLimitReached' },
  );
  const external = sessionNotice(
    { limit: license.ExternalSurveySessionLimitPerYear, used: license.ExternalSurveySessionCount, today },
    { warning: 'externalSessionLimit', reached: 'externalSessionLimitReached' },
  );
  if (sessions) notices.push(sessions);
  if (external) notices.push(external);
  return notices;
}
