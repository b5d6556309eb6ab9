import dayjs from 'dayjs';

/** The console's date and time (shell spec §9 date format, with the time). */
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** An ISO instant as the user's local date and time; nothing for none. */
export function formatDateTime(value: unknown): string {
  return typeof value === 'string' && value ? dayjs(value).format(DATE_TIME_FORMAT) : '';
}
