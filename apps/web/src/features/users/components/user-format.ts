import dayjs from 'dayjs';

/** The spec's default date format (shell spec §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';

export function formatDate(value: unknown): string {
  return typeof value === 'string' && value ? dayjs(value).format(DATE_FORMAT) : '';
}

/** The security levels' i18n keys (0 Alterna, 1 Power, 2 Regular). */
export function securityLevelKey(level: unknown): 'levels.0' | 'levels.1' | 'levels.2' {
  if (level === 0) return 'levels.0';
  if (level === 1) return 'levels.1';
  return 'levels.2';
}

/** The tenant select's value for "no tenant" (a tenantless Alterna user); antd selects do not hold null. */
export const NO_TENANT = 0;
