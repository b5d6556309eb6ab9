import { describe, expect, it } from 'vitest';
import { chooseField, mappingOf, mappingProblem, prefillMapping } from './column-mapping';

describe('prefillMapping', () => {
  it('maps headings that name a field or its English or Turkish label, loosely', () => {
    expect(prefillMapping({ headers: ['invitee_email', 'Cep Telefonu', 'Full name', 'Notes'] })).toEqual([
      { Column: 'invitee_email', Field: 'InviteeEmail' },
      { Column: 'Cep Telefonu', Field: 'InviteeMSISDN' },
      { Column: 'Full name', Field: 'InviteeFullName' },
      { Column: 'Notes', Field: null },
    ]);
  });

  it("prefers the source's saved mapping, then the server's suggestion, then the heading", () => {
    const rows = prefillMapping({
      headers: ['E-posta', 'GSM', 'Şube', 'Email'],
      saved: [
        { Column: 'gsm', Field: 'InviteeMSISDN' },
        { Column: 'Gone', Field: 'InviteeFullName' },
      ],
      suggested: [
        { Column: 'Şube', Field: 'TransactionChannel' },
        { Column: 'GSM', Field: 'InviteeHomeTel' },
      ],
    });
    expect(rows).toEqual([
      { Column: 'E-posta', Field: 'InviteeEmail' },
      { Column: 'GSM', Field: 'InviteeMSISDN' },
      { Column: 'Şube', Field: 'TransactionChannel' },
      // Email is taken by the first column already.
      { Column: 'Email', Field: null },
    ]);
  });

  it('ignores a saved field name the contracts do not know', () => {
    expect(
      prefillMapping({ headers: ['x'], saved: [{ Column: 'x', Field: 'Nope' as 'InviteeEmail' }] }),
    ).toEqual([{ Column: 'x', Field: null }]);
  });
});

describe('chooseField', () => {
  const rows = prefillMapping({ headers: ['Email', 'Mail 2', 'Phone'] });

  it('gives the field to the column and takes it from the column that had it', () => {
    const next = chooseField(rows, 'Mail 2', 'InviteeEmail');
    expect(next.map((row) => row.Field)).toEqual([null, 'InviteeEmail', null]);
    expect(mappingOf(next)).toEqual([{ Column: 'Mail 2', Field: 'InviteeEmail' }]);
  });

  it('leaves a column out with null', () => {
    expect(mappingOf(chooseField(rows, 'Email', null))).toEqual([]);
  });
});

describe('mappingProblem', () => {
  it('needs a mapped column, and an email or mobile one', () => {
    expect(mappingProblem([{ Column: 'a', Field: null }])).toBe('nothingMapped');
    expect(mappingProblem([{ Column: 'a', Field: 'InviteeFullName' }])).toBe('noContact');
    expect(mappingProblem([{ Column: 'a', Field: 'InviteeMSISDN' }])).toBeNull();
  });
});
