import { describe, expect, it } from 'vitest';
import { AUDIENCE_FILTER_KEYS, conditionsOfDraft, draftOfConditions } from './audience-model';

describe('audience conditions', () => {
  it('offers channel, product and location trees, transaction types and segments', () => {
    expect(AUDIENCE_FILTER_KEYS).toEqual(
      expect.arrayContaining(['ChannelSet', 'ProductSet', 'TransactionTypeId', 'Segments']),
    );
  });

  it('round-trips filter conditions and custom data, keeping Exclude', () => {
    const conditions = [
      { Property: 'ChannelSet', Value: { Ids: [3, 4] }, Exclude: false },
      { Property: 'TransactionTypeId', Value: [7], Exclude: true },
      { Property: 'CustomData2', Value: 'gold', Exclude: false },
    ];
    // In the registry's order, whatever the order they came in.
    const byProperty = (list: { Property: string }[]) =>
      [...list].sort((a, b) => a.Property.localeCompare(b.Property));
    expect(byProperty(conditionsOfDraft(draftOfConditions(conditions)))).toEqual(byProperty(conditions));
  });

  it('drops fields left empty', () => {
    const draft = draftOfConditions([{ Property: 'TransactionTypeId', Value: [7], Exclude: false }]);
    expect(
      conditionsOfDraft({ ...draft, filter: { ...draft.filter, TransactionTypeId: [] }, customData: [] }),
    ).toEqual([]);
  });
});
