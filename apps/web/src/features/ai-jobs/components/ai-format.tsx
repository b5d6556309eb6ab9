import dayjs from 'dayjs';

/** The console's date and time (shell spec §9 date format, with the time); nothing for none. */
export const formatDateTime = (value: unknown) =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';

/** Left to right whatever the page's direction: cron expressions, sources. */
export const ltr = (value: unknown) => <bdi dir="ltr">{typeof value === 'string' ? value : ''}</bdi>;
