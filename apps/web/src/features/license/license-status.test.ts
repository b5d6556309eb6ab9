import { describe, expect, it } from 'vitest';
import { expiryLevel, usage } from './license-status';

describe('expiryLevel', () => {
  it('is expired for an invalid licence, whatever the days', () => {
    expect(expiryLevel({ IsValid: false, ExpireIn: 200 })).toBe('expired');
  });

  it('fails at 30 days or less, warns at 60 or less, and is fine above', () => {
    expect(expiryLevel({ IsValid: true, ExpireIn: 0 })).toBe('failure');
    expect(expiryLevel({ IsValid: true, ExpireIn: 30 })).toBe('failure');
    expect(expiryLevel({ IsValid: true, ExpireIn: 31 })).toBe('warning');
    expect(expiryLevel({ IsValid: true, ExpireIn: 60 })).toBe('warning');
    expect(expiryLevel({ IsValid: true, ExpireIn: 61 })).toBe('ok');
  });
});

describe('usage', () => {
  it('draws no bar for a limit of 0 (unlimited)', () => {
    expect(usage({ count: 12_345, limit: 0, kind: 'sessions' })).toEqual({
      limited: false,
      percent: 0,
      level: 'ok',
    });
  });

  it('rounds the share down, so only a reached limit shows 100%', () => {
    expect(usage({ count: 499, limit: 500, kind: 'users' })).toEqual({
      limited: true,
      percent: 99,
      level: 'ok',
    });
    expect(usage({ count: 500, limit: 500, kind: 'users' })).toEqual({
      limited: true,
      percent: 100,
      level: 'reached',
    });
    expect(usage({ count: 612, limit: 500, kind: 'users' })).toEqual({
      limited: true,
      percent: 100,
      level: 'reached',
    });
  });

  it('warns about sessions when 2,000 or fewer are left', () => {
    expect(usage({ count: 97_999, limit: 100_000, kind: 'sessions' }).level).toBe('ok');
    expect(usage({ count: 98_000, limit: 100_000, kind: 'sessions' })).toEqual({
      limited: true,
      percent: 98,
      level: 'warning',
    });
    // Users have no such margin.
    expect(usage({ count: 98_000, limit: 100_000, kind: 'users' }).level).toBe('ok');
  });
});
