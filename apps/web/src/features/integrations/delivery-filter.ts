import type { IntegrationDeliveryStatus } from '@loupe/contracts';

/** The deliveries screen's status views: all, the dead letters, or one status. */
export const DELIVERY_VIEWS = ['all', 'dead', 'failed', 'succeeded', 'pending'] as const;
export type DeliveryView = (typeof DELIVERY_VIEWS)[number];

/** The statuses a range replay re-sends: failed and dead, or every finished delivery. */
export function replayStatuses(onlyFailed: boolean): ('succeeded' | 'failed' | 'dead')[] {
  return onlyFailed ? ['failed', 'dead'] : ['succeeded', 'failed', 'dead'];
}

const quoted = (status: IntegrationDeliveryStatus) => `'${status}'`;

/** The grid's `$filter` of a view; none for all deliveries. */
export function deliveryViewFilter(view: DeliveryView): string | undefined {
  return view === 'all' ? undefined : `Status eq ${quoted(view)}`;
}

/**
 * The `$filter` of the deliveries a range replay re-sends (created in [from, to), in `statuses`), so the grid's
 * count can say how many before the user confirms. Times are ISO strings in UTC.
 */
export function replayRangeFilter({
  from,
  to,
  statuses,
}: {
  from: string;
  to: string;
  statuses: readonly IntegrationDeliveryStatus[];
}): string {
  return `CreatedAt ge ${from} and CreatedAt lt ${to} and Status in (${statuses.map(quoted).join(',')})`;
}
