import { describe, expect, it } from 'vitest';
import { maxTenantsOf } from './tenant.service.js';

describe('maxTenantsOf (the TenantLimit section)', () => {
  it('reads a positive whole MaxTenants', () => {
    expect(maxTenantsOf('{"MaxTenants": 3}')).toBe(3);
  });

  it('treats a missing, zero, negative, fractional, non-numeric or malformed limit as unlimited (0)', () => {
    for (const json of [
      undefined,
      '{}',
      '{"MaxTenants":0}',
      '{"MaxTenants":-2}',
      '{"MaxTenants":1.5}',
      '{"MaxTenants":"4"}',
      'null',
      '[3]',
      'not json',
    ]) {
      expect(maxTenantsOf(json), String(json)).toBe(0);
    }
  });
});
