/*
 * Small facts kept on this device for a while, as the spec's cookies were: the guiding tour's completion
 * (14 days) and the feedback-survey check (1 hour per user). localStorage with an expiry time.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

type Entry<T> = { value: T; expiresAt: number };

/** The remembered value, or undefined when missing, malformed or expired (an expired entry is removed). */
export function recall<T>(key: string, now: number = Date.now()): T | undefined {
  let text: string | null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    const entry = JSON.parse(text) as Partial<Entry<T>>;
    if (typeof entry.expiresAt !== 'number' || entry.expiresAt <= now || !('value' in entry)) {
      localStorage.removeItem(key);
      return undefined;
    }
    return entry.value;
  } catch {
    localStorage.removeItem(key);
    return undefined;
  }
}

export function remember<T>(key: string, value: T, ttlMs: number, now: number = Date.now()): void {
  const entry: Entry<T> = { value, expiresAt: now + ttlMs };
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // Storage may be full or refused; forgetting only means asking again.
  }
}
