import dayjs from 'dayjs';

/** The console's date format (shell spec §9). */
const DATE_FORMAT = 'DD/MM/YYYY';

/** An ISO instant as the console shows a date; empty for none. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}
