import { useSyncExternalStore } from 'react';
import type { TokenResponse } from '@loupe/contracts';

/*
 * The tokens live in sessionStorage (a sign-in lasts as long as the tab) or localStorage (it survives the
 * browser), as the configuration section 'TokenStorage' ({ "Storage": "session" | "local" }) says. The
 * configuration arrives with bootstrap, after sign-in, so the choice of the last bootstrap is remembered.
 */
const ACCESS_TOKEN_KEY = 'loupe.accessToken';
const REFRESH_TOKEN_KEY = 'loupe.refreshToken';
const TOKEN_STORAGE_KEY = 'loupe.tokenStorage';
const REDIRECT_PARAM = 'redirect';

export type Session = { accessToken: string; refreshToken: string };
export type TokenStorage = 'session' | 'local';

/** Why the last session ended: a person signing out goes to a plain sign-in page, an expired one comes back. */
export type SessionEnd = 'signedOut' | 'expired';

const listeners = new Set<() => void>();
const startListeners = new Set<() => void>();
let lastEnd: SessionEnd | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function storageOf(kind: TokenStorage): Storage {
  return kind === 'local' ? localStorage : sessionStorage;
}

/** Where new tokens go. */
function tokenStorage(): TokenStorage {
  return localStorage.getItem(TOKEN_STORAGE_KEY) === 'local' ? 'local' : 'session';
}

function readFrom(storage: Storage): Session | null {
  const accessToken = storage.getItem(ACCESS_TOKEN_KEY);
  const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken };
}

function writeTo(kind: TokenStorage, session: Session): void {
  const other = storageOf(kind === 'local' ? 'session' : 'local');
  other.removeItem(ACCESS_TOKEN_KEY);
  other.removeItem(REFRESH_TOKEN_KEY);
  storageOf(kind).setItem(ACCESS_TOKEN_KEY, session.accessToken);
  storageOf(kind).setItem(REFRESH_TOKEN_KEY, session.refreshToken);
}

export function getSession(): Session | null {
  const preferred = tokenStorage();
  // The other storage too: the preference may have changed since these tokens were saved.
  return readFrom(storageOf(preferred)) ?? readFrom(storageOf(preferred === 'local' ? 'session' : 'local'));
}

export function saveSession(tokens: TokenResponse): void {
  const starting = getSession() === null;
  writeTo(tokenStorage(), { accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  lastEnd = null;
  if (starting) for (const listener of startListeners) listener();
  notify();
}

export function endSession(reason: SessionEnd): void {
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(ACCESS_TOKEN_KEY);
    storage.removeItem(REFRESH_TOKEN_KEY);
  }
  lastEnd = reason;
  notify();
}

/** Applies the configuration's token storage, moving the current tokens there. */
export function applyTokenStorage(kind: TokenStorage): void {
  if (kind === tokenStorage()) return;
  const session = getSession();
  localStorage.setItem(TOKEN_STORAGE_KEY, kind);
  if (session) writeTo(kind, session);
}

/** Reads the 'TokenStorage' configuration's JSON; anything unexpected keeps the tab-scoped default. */
export function parseTokenStorage(jsonConfig: string | undefined): TokenStorage {
  if (!jsonConfig) return 'session';
  try {
    const parsed = JSON.parse(jsonConfig) as { Storage?: unknown };
    return parsed.Storage === 'local' ? 'local' : 'session';
  } catch {
    return 'session';
  }
}

export function lastSessionEnd(): SessionEnd | null {
  return lastEnd;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` whenever a new sign-in begins (not on a token refresh). */
export function onSessionStart(listener: () => void): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}

/** Re-renders when the user signs in or out, or a refresh fails. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => getSession() !== null);
}

/** The sign-in page's address that brings the user back to `target` afterwards. */
export function signInPath(target: string): string {
  if (target === '/') return '/login';
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/** Where to go after signing in: the requested page when it is a path of this app, otherwise home. */
export function redirectTarget(search: URLSearchParams): string {
  const target = search.get(REDIRECT_PARAM);
  // Only same-origin paths: '//host' and '/\host' would leave the app.
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/login')) return '/';
  return target;
}
