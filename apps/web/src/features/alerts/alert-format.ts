import dayjs from 'dayjs';

/** The console's date and time (shell spec §9). */
export const formatDateTime = (value: unknown): string =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';

/** Who an alert or a rule belongs to: the user, else the role, else nobody. */
export function ownerName(row: {
  AssignedUserName: string | null;
  AssignedRoleName: string | null;
}): string | null {
  return row.AssignedUserName ?? row.AssignedRoleName;
}
