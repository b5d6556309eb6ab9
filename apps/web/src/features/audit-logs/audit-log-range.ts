import { AUDIT_LOG_DEFAULT_DAYS, AuditOperationType, type AuditLogFilter } from '@loupe/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The audit-log screen's date range (shell spec §9) and operation names: pure, tested apart from the page.
 */

/** The console's date format (shell spec §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
/** How a day travels in the page's address (`?from=2026-11-15&to=2026-11-21`). */
const PARAM_FORMAT = 'YYYY-MM-DD';

export type DayRange = [Dayjs, Dayjs];

/** The last AUDIT_LOG_DEFAULT_DAYS calendar days, today included. */
export function defaultRange(today: Dayjs): DayRange {
  return [today.subtract(AUDIT_LOG_DEFAULT_DAYS - 1, 'day').startOf('day'), today.startOf('day')];
}

function parseDay(value: string | null): Dayjs | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  return day.isValid() && day.format(PARAM_FORMAT) === value ? day : undefined;
}

/** The range in the address, if it is a valid one ending no later than today; else the default range. */
export function rangeFromParams(params: URLSearchParams, today: Dayjs): DayRange {
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  if (!from || !to || from.isAfter(to, 'day') || to.isAfter(today, 'day')) return defaultRange(today);
  return [from, to];
}

export function rangeToParams([from, to]: DayRange): Record<string, string> {
  return { from: from.format(PARAM_FORMAT), to: to.format(PARAM_FORMAT) };
}

/** The grid's filter body: from the start of the first day to the end of the last, in the browser's time. */
export function rangeFilterBody([from, to]: DayRange): Required<AuditLogFilter> {
  return { StartDate: from.startOf('day').toISOString(), EndDate: to.endOf('day').toISOString() };
}

/** Days after today cannot be picked. */
export function isAfterToday(day: Dayjs, today: Dayjs): boolean {
  return day.isAfter(today, 'day');
}

const OPERATION_TYPE_KEYS = {
  [AuditOperationType.Create]: 'create',
  [AuditOperationType.Update]: 'update',
  [AuditOperationType.Delete]: 'delete',
  [AuditOperationType.SignIn]: 'signIn',
  [AuditOperationType.SignInFailed]: 'signInFailed',
  [AuditOperationType.Logout]: 'logout',
  [AuditOperationType.PageVisit]: 'pageVisit',
  [AuditOperationType.SignOut]: 'signOut',
  [AuditOperationType.Export]: 'export',
  [AuditOperationType.RestrictionChange]: 'restrictionChange',
} as const satisfies Record<AuditOperationType, string>;

export type OperationTypeKey = (typeof OPERATION_TYPE_KEYS)[keyof typeof OPERATION_TYPE_KEYS];

/** The i18n key of a known operation type (AuditOperationType); undefined for others, shown as numbers. */
export function operationTypeKey(type: number): OperationTypeKey | undefined {
  return (OPERATION_TYPE_KEYS as Partial<Record<number, OperationTypeKey>>)[type];
}
