import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSsoAttemptSealer, safeRedirectPath, type SsoAttempt } from './sso-attempt.js';

const attempt: SsoAttempt = {
  state: 's'.repeat(43),
  nonce: 'n'.repeat(43),
  codeVerifier: 'v'.repeat(43),
  redirect: '/reports/1',
  created: 1_700_000_000_000,
};

describe('sso attempt sealer', () => {
  const key = randomBytes(32);

  it('opens what it sealed', async () => {
    const sealer = createSsoAttemptSealer(key);
    expect(await sealer.open(await sealer.seal(attempt))).toEqual(attempt);
  });

  it('refuses a value sealed under another key, a tampered one, garbage and nothing', async () => {
    const sealer = createSsoAttemptSealer(key);
    const sealed = await sealer.seal(attempt);
    expect(await createSsoAttemptSealer(randomBytes(32)).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    expect(await sealer.open(parts.join('.'))).toBeNull();
    expect(await sealer.open('not-a-jwe')).toBeNull();
    expect(await sealer.open(undefined)).toBeNull();
  });

  it('refuses an attempt older than ten minutes', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const sealer = createSsoAttemptSealer(key, () => now);
    const sealed = await sealer.seal(attempt);
    now = new Date('2026-01-01T10:09:00Z');
    expect(await sealer.open(sealed)).toEqual(attempt);
    now = new Date('2026-01-01T10:10:01Z');
    expect(await sealer.open(sealed)).toBeNull();
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/reports/1?tab=2#x', '/reports/1?tab=2#x'],
    ['/', '/'],
    [undefined, '/'],
    ['', '/'],
    ['reports', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    [`/${'a'.repeat(2001)}`, '/'],
  ])('%j -> %j', (redirect, expected) => {
    expect(safeRedirectPath(redirect)).toBe(expected);
  });
});
