import { ErrorCode } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { recordIdOf, recordUrl } from './record-id';
import { fieldOfCode } from './refusal-field';

const apiError = (code: number) => new ApiError({ status: 400, code, message: '', supportId: 'x' });

describe('recordIdOf', () => {
  it('reads a create route (no id) as undefined', () => {
    expect(recordIdOf(undefined)).toBeUndefined();
  });

  it('reads a positive whole number as the id', () => {
    expect(recordIdOf('42')).toBe(42);
  });

  it('reads anything else as null (not found)', () => {
    for (const param of ['0', '-3', '1.5', 'abc', '', '9007199254740993'])
      expect(recordIdOf(param)).toBeNull();
  });
});

describe('recordUrl', () => {
  it('appends the id, encoding text ids', () => {
    expect(recordUrl('/api/identity/roles', 7)).toBe('/api/identity/roles/7');
    expect(recordUrl('/clients', 'report service/1')).toBe('/clients/report%20service%2F1');
  });
});

describe('fieldOfCode', () => {
  const fieldOf = fieldOfCode<{ Name: string; Scopes: string[] }>({
    [ErrorCode.RoleNameExists]: 'Name',
    [ErrorCode.AlternaRoleScopes]: 'Scopes',
  });

  it('places the listed codes on their fields', () => {
    expect(fieldOf(apiError(ErrorCode.RoleNameExists))).toBe('Name');
    expect(fieldOf(apiError(ErrorCode.AlternaRoleScopes))).toBe('Scopes');
  });

  it('leaves other codes and other failures above the form', () => {
    expect(fieldOf(apiError(ErrorCode.ModelNotValid))).toBeUndefined();
    expect(fieldOf(new TypeError('offline'))).toBeUndefined();
    expect(fieldOf(null)).toBeUndefined();
  });
});
