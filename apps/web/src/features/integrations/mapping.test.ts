import { describe, expect, it } from 'vitest';
import { mappingOrigin, mappingPayload, mappingRows, missingRequiredFields } from './mapping';

const fields = {
  AnyField: false,
  Fields: [
    { Field: 'channel', Required: false },
    { Field: 'text', Required: true },
    { Field: 'title', Required: true },
  ],
};

describe('the workflow mapping', () => {
  it('gives one row per action field, in its order, with what was saved for it', () => {
    const rows = mappingRows(fields, [
      { ActionField: 'text', EventField: 'Comment', Constant: 'fallback' },
      { ActionField: 'gone', Constant: 'of another action' },
    ]);
    expect(rows).toEqual([
      { ActionField: 'channel', Required: false },
      { ActionField: 'text', Required: true, EventField: 'Comment', Constant: 'fallback' },
      { ActionField: 'title', Required: true },
    ]);
  });

  it('gives an action that takes any field a row per saved entry', () => {
    const rows = mappingRows({ AnyField: true, Fields: [] }, [
      { ActionField: 'score', EventField: 'AnswerCount', Constant: null },
      { ActionField: 'team', EventField: null, Constant: 'CX' },
    ]);
    expect(rows).toEqual([
      { ActionField: 'score', Required: false, EventField: 'AnswerCount' },
      { ActionField: 'team', Required: false, Constant: 'CX' },
    ]);
  });

  it('lets the event field win over a constant', () => {
    expect(mappingOrigin({ EventField: 'Score', Constant: '10' })).toBe('event');
    expect(mappingOrigin({ Constant: '10' })).toBe('constant');
    expect(mappingOrigin({ EventField: ' ', Constant: '' })).toBe('none');
  });

  it('names the required fields that have no value', () => {
    const rows = mappingRows(fields, [{ ActionField: 'title', Constant: 'New alert' }]);
    expect(missingRequiredFields(rows)).toEqual(['text']);
  });

  it('sends only the rows that give a value, with both sources when both are given', () => {
    const rows = mappingRows(fields, []);
    rows[0] = { ...rows[0]!, Constant: '' };
    rows[1] = { ...rows[1]!, EventField: 'Comment', Constant: 'none given' };
    rows[2] = { ...rows[2]!, Constant: ' Alert: ' };
    rows.push({ ActionField: '  ', Required: false, Constant: 'no field named' });
    expect(mappingPayload(rows)).toEqual([
      { ActionField: 'text', EventField: 'Comment', Constant: 'none given' },
      { ActionField: 'title', Constant: ' Alert: ' },
    ]);
  });
});
