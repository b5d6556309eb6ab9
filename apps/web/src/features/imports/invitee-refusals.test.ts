import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { refusedFields } from './invitee-refusals';

const FIELDS = ['InviteeEmail', 'InviteeMSISDN', 'InviteeSegments', 'TransactionChannel'];
const refusal = (code: number, details?: unknown, status = 400) =>
  new ApiError({ status, code, message: 'm', supportId: 's', details });

describe('refusedFields', () => {
  it('puts each detail under the field its path names, with its message', () => {
    const error = refusal(3333, [
      { Path: 'body/InviteeEmail', Message: 'Invalid email address' },
      { Path: 'InviteeSegments.0', Message: '' },
      { Path: 'body/Unknown', Message: 'x' },
    ]);
    expect(refusedFields(error, FIELDS)).toEqual([
      { field: 'InviteeEmail', message: 'Invalid email address' },
      { field: 'InviteeSegments', message: null },
    ]);
  });

  it('places a REST data check without details under the field it checks', () => {
    expect(refusedFields(refusal(3101), FIELDS)).toEqual([{ field: 'TransactionChannel', message: null }]);
    expect(refusedFields(refusal(3107), FIELDS)).toEqual([]);
  });

  it('leaves other failures to the form', () => {
    expect(refusedFields(refusal(500, undefined, 500), FIELDS)).toEqual([]);
    expect(refusedFields(new Error('x'), FIELDS)).toEqual([]);
  });
});
