import {
  ASSIGNED_TO_PATTERN,
  INVITEE_NAME_FILTER_PATTERN,
  type AlertFilter as AlertFilterBody,
} from '@loupe/contracts';

/*
 * The alert list's filter (surveys spec §3 "Alert filters"; contracts `alertFilterSchema`): which filters the panel
 * offers, how many are set, what a chip removes, and the filter an address carries (the bell opens
 * `/alerts?AlertReadStatus=0`, the unread alerts).
 */

/** The filter as the list holds it (the contract's body, never undefined). */
export type AlertFilter = NonNullable<AlertFilterBody>;

/** The panel's filters; `DateRange` stands for StartDate and EndDate together. */
export const ALERT_FILTER_KEYS = [
  'AlertRuleId',
  'AlertReadStatus',
  'Status',
  'AssignedTo',
  'AssignedUserId',
  'AssignedRoleId',
  'InviteeFullName',
  'DateRange',
  'TransactionChannels',
  'Products',
] as const;
export type AlertFilterKey = (typeof ALERT_FILTER_KEYS)[number];

/** Whether a filter holds a value. */
export function isAlertFilterSet(filter: AlertFilter, key: AlertFilterKey): boolean {
  if (key === 'DateRange') return filter.StartDate !== undefined || filter.EndDate !== undefined;
  const value = filter[key];
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** The filter with empty values dropped and the invitee name trimmed: what the grid sends. */
export function normaliseAlertFilter(filter: AlertFilter): AlertFilter {
  const next: Record<string, unknown> = {};
  for (const key of ALERT_FILTER_KEYS) {
    if (!isAlertFilterSet(filter, key)) continue;
    if (key === 'DateRange') {
      if (filter.StartDate) next.StartDate = filter.StartDate;
      if (filter.EndDate) next.EndDate = filter.EndDate;
    } else if (key === 'InviteeFullName') next[key] = filter.InviteeFullName?.trim();
    else next[key] = filter[key];
  }
  return next;
}

/** How many filters hold a value (the "N" of the panel's "N of M"). */
export function countSetAlertFilters(filter: AlertFilter): number {
  return ALERT_FILTER_KEYS.filter((key) => isAlertFilterSet(filter, key)).length;
}

/** The filter without one of its filters (a chip's remove). */
export function withoutAlertFilter(filter: AlertFilter, key: AlertFilterKey): AlertFilter {
  const next: Record<string, unknown> = { ...filter };
  if (key === 'DateRange') {
    delete next.StartDate;
    delete next.EndDate;
  } else delete next[key];
  return normaliseAlertFilter(next);
}

/** Letters of any script, digits and spaces only (surveys spec §5), at most 100 characters. */
export function isValidInviteeName(name: string | undefined): boolean {
  return name === undefined || (name.length <= 100 && INVITEE_NAME_FILTER_PATTERN.test(name));
}

/**
 * The filter an address asks for: `?AlertReadStatus=0` (the bell) or 1, and `AssignedTo` (`unassigned`, `U:{id}`,
 * `R:{id}`); anything else is ignored.
 */
export function alertFilterOfSearch(search: URLSearchParams): AlertFilter {
  const filter: AlertFilter = {};
  const read = search.get('AlertReadStatus');
  if (read === '0' || read === '1') filter.AlertReadStatus = read === '0' ? 0 : 1;
  const assigned = search.get('AssignedTo');
  if (assigned !== null && ASSIGNED_TO_PATTERN.test(assigned)) filter.AssignedTo = assigned;
  return filter;
}
