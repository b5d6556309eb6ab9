import dayjs from 'dayjs';
import type { ReactNode } from 'react';

const DATE_TIME = 'DD/MM/YYYY HH:mm';

/**
 * The console's date and time (shell spec §9), kept left to right inside right-to-left text (Arabic); empty for no
 * date.
 */
export function formatDateTime(value: unknown): ReactNode {
  return typeof value === 'string' && value ? <bdi dir="ltr">{dayjs(value).format(DATE_TIME)}</bdi> : '';
}

/** Who an alert or a rule belongs to: the user, else the role, else nobody. */
export function ownerName(row: {
  AssignedUserName: string | null;
  AssignedRoleName: string | null;
}): string | null {
  return row.AssignedUserName ?? row.AssignedRoleName;
}
