import dayjs from 'dayjs';

/** The console's date and time (shell spec §9 date format, with the time); empty for none. */
export const formatDateTime = (value: unknown): string =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';
