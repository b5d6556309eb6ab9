import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './test-storage';

vi.stubGlobal('localStorage', memoryStorage());
vi.stubGlobal('sessionStorage', memoryStorage());
const { applyTokenStorage, endSession, getSession, onSessionStart, parseTokenStorage, saveSession } =
  await import('./auth');

const tokens = (suffix: string) => ({
  access_token: `access-${suffix}`,
  refresh_token: `refresh-${suffix}`,
  token_type: 'Bearer' as const,
  expires_in: 900,
});

describe('token storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps tokens for the tab by default', () => {
    saveSession(tokens('1'));
    expect(sessionStorage.getItem('loupe.accessToken')).toBe('access-1');
    expect(localStorage.getItem('loupe.accessToken')).toBeNull();
  });

  it('moves the tokens to localStorage when the configuration says local, and keeps new ones there', () => {
    saveSession(tokens('1'));
    applyTokenStorage('local');
    expect(localStorage.getItem('loupe.refreshToken')).toBe('refresh-1');
    expect(sessionStorage.getItem('loupe.refreshToken')).toBeNull();
    saveSession(tokens('2'));
    expect(getSession()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(localStorage.getItem('loupe.accessToken')).toBe('access-2');
  });

  it('finds tokens saved under the other choice', () => {
    saveSession(tokens('1'));
    localStorage.setItem('loupe.tokenStorage', 'local');
    expect(getSession()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('clears both storages at the end of a session', () => {
    applyTokenStorage('local');
    saveSession(tokens('1'));
    endSession('signedOut');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('loupe.accessToken')).toBeNull();
  });

  it('announces a new sign-in, not a refresh', () => {
    const started = vi.fn();
    const stop = onSessionStart(started);
    saveSession(tokens('1'));
    saveSession(tokens('2'));
    expect(started).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each([
    ['{"Storage":"local"}', 'local'],
    ['{"Storage":"session"}', 'session'],
    ['{"Storage":"cookie"}', 'session'],
    ['not json', 'session'],
    [undefined, 'session'],
  ] as const)('reads %s as %s', (json, kind) => {
    expect(parseTokenStorage(json)).toBe(kind);
  });
});
