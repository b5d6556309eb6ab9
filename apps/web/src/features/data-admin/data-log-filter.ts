import type { DataValidationLog } from '@loupe/contracts';
import type { Dayjs } from 'dayjs';

/** The REST data log's status filter: every call, or only the successful or the failed ones. */
export type LogStatusChoice = 'all' | DataValidationLog['Status'];

/** The console's date and time. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * The grid's `$filter` for a status and a range of days (both ends included, in the browser's time zone); undefined
 * when neither narrows the list. Dates go as date-times with their offset, so the server compares instants.
 */
export function dataLogFilter(status: LogStatusChoice, range: [Dayjs, Dayjs] | null): string | undefined {
  const parts: string[] = [];
  if (status !== 'all') parts.push(`Status eq '${status}'`);
  if (range) {
    const [from, to] = range;
    parts.push(`CreatedDate ge ${from.startOf('day').format()}`);
    parts.push(`CreatedDate lt ${to.add(1, 'day').startOf('day').format()}`);
  }
  return parts.length > 0 ? parts.join(' and ') : undefined;
}
