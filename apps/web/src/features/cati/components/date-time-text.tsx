import { formatDateTime } from '../cati-values';

/** A date-time (local) that reads day/month/year hour:minute in Arabic too, not mirrored; a dash when absent. */
export function DateTimeText({ value }: { value: string | null }) {
  return value ? <bdi dir="ltr">{formatDateTime(value)}</bdi> : <>–</>;
}
