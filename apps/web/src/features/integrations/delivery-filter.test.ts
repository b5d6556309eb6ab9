import { describe, expect, it } from 'vitest';
import { deliveryViewFilter, replayRangeFilter, replayStatuses } from './delivery-filter';

describe('the deliveries filter', () => {
  it('filters a view on its status, the dead letters on dead', () => {
    expect(deliveryViewFilter('all')).toBeUndefined();
    expect(deliveryViewFilter('dead')).toBe("Status eq 'dead'");
  });

  it('counts what a range replay re-sends: the range, half open, in the chosen statuses', () => {
    expect(
      replayRangeFilter({
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-02T00:00:00.000Z',
        statuses: replayStatuses(true),
      }),
    ).toBe(
      "CreatedAt ge 2026-11-01T00:00:00.000Z and CreatedAt lt 2026-11-02T00:00:00.000Z and Status in ('failed','dead')",
    );
    expect(replayStatuses(false)).toEqual(['succeeded', 'failed', 'dead']);
  });
});
