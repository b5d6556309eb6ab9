import type { LicenseDetails } from '@loupe/contracts';
import { LICENSE_FAILURE_DAYS, LICENSE_WARNING_DAYS, SESSION_WARNING_REMAINING } from '@/lib/license-notices';

/*
 * How the licence screen colours what it shows (shell spec §8, §9): pure, so the thresholds are tested apart
 * from the page.
 */

/** 'expired' when the licence is not valid; 'failure' at 30 days or less; 'warning' at 60 or less. */
export type ExpiryLevel = 'ok' | 'warning' | 'failure' | 'expired';

export function expiryLevel(license: Pick<LicenseDetails, 'IsValid' | 'ExpireIn'>): ExpiryLevel {
  if (!license.IsValid) return 'expired';
  if (license.ExpireIn <= LICENSE_FAILURE_DAYS) return 'failure';
  if (license.ExpireIn <= LICENSE_WARNING_DAYS) return 'warning';
  return 'ok';
}

export type Usage = {
  /** False for a limit of 0 (unlimited): no bar, only the count. */
  limited: boolean;
  /** Share of the limit used, 0–100 (whole percent, rounded down so 100 means reached). */
  percent: number;
  level: 'ok' | 'warning' | 'reached';
};

/**
 * A count against its limit. Sessions warn when SESSION_WARNING_REMAINING or fewer are left (the spec's
 * notice margin); users and power users only when the limit is reached.
 */
export function usage({
  count,
  limit,
  kind,
}: {
  count: number;
  limit: number;
  kind: 'sessions' | 'users';
}): Usage {
  if (limit <= 0) return { limited: false, percent: 0, level: 'ok' };
  const percent = Math.min(100, Math.floor((count / limit) * 100));
  const remaining = limit - count;
  if (remaining <= 0) return { limited: true, percent: 100, level: 'reached' };
  if (kind === 'sessions' && remaining <= SESSION_WARNING_REMAINING)
    return { limited: true, percent, level: 'warning' };
  return { limited: true, percent, level: 'ok' };
}
