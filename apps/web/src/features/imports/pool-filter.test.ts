import { ELIMINATION_REASON, STAGED_RECORD_STATUS, inviteePoolFilterSchema } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  POOL_FILTER_KEYS,
  applyPoolFilter,
  countSetPoolFilters,
  normalisePoolFilter,
  poolFilterValues,
  withoutPoolFilter,
} from './pool-filter';

describe('the invitee pool filter', () => {
  it("offers every property of the contract's filter, each once", () => {
    expect([...POOL_FILTER_KEYS].sort()).toEqual(Object.keys(inviteePoolFilterSchema.shape).sort());
  });

  it('drops empty values and trims texts, keeping tree sets as { Ids }', () => {
    expect(
      normalisePoolFilter({
        Statuses: [],
        EliminationReasons: [ELIMINATION_REASON.OptOut],
        Products: { Ids: [] },
        TransactionChannels: { Ids: [4, 5] },
        CustomData1: '  ',
        CustomData2: ' VIP ',
      }),
    ).toEqual({
      EliminationReasons: [ELIMINATION_REASON.OptOut],
      TransactionChannels: { Ids: [4, 5] },
      CustomData2: 'VIP',
    });
  });

  it('counts the set properties and reads their values as lists', () => {
    const filter = { Statuses: [STAGED_RECORD_STATUS.Removed], InviteeLocations: { Ids: [7] } };
    expect(countSetPoolFilters(filter)).toBe(2);
    expect(poolFilterValues(filter, 'InviteeLocations')).toEqual([7]);
    expect(countSetPoolFilters(withoutPoolFilter(filter, 'Statuses'))).toBe(1);
  });

  it('refuses on Apply what the contract refuses, naming the property', () => {
    expect(applyPoolFilter({ CustomData3: 'x'.repeat(501) })).toEqual({
      ok: false,
      invalid: ['CustomData3'],
    });
    expect(applyPoolFilter({ Segments: ['1;2'] })).toEqual({ ok: true, filter: { Segments: ['1;2'] } });
  });
});
