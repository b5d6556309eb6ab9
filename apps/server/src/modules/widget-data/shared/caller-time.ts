import type { IncomingHttpHeaders } from 'node:http';

/*
 * Times shown to a caller (docs/architecture.md "Times"): the replica keeps instants; a table or comment shows one
 * at the offset of the caller's clock, which every call sends in its TimezoneOffset header (the shell spec §7).
 */

/** The widest offset a clock has: UTC+14:00 (Kiribati) and UTC-12:00, in minutes. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * The caller's TimezoneOffset header: minutes as the browser's `Date#getTimezoneOffset()` gives them, UTC minus
 * local time (-180 in Istanbul, 300 in New York in winter). Missing, or not a whole number of minutes within
 * ±14 hours: 0, so times are shown in UTC.
 */
export function callerOffset(headers: IncomingHttpHeaders): number {
  const value = headers.timezoneoffset;
  if (typeof value !== 'string' || !/^\s*[+-]?\d{1,4}\s*$/.test(value)) return 0;
  const minutes = Number(value);
  // `|| 0` turns -0 into 0.
  return Math.abs(minutes) <= MAX_OFFSET_MINUTES ? minutes || 0 : 0;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * An instant ('2026-03-29T22:30:00.000Z') as ISO 8601 at the caller's offset, to the second:
 * '2026-03-30T00:30:00+02:00' for the offset -120. Still the same instant for anyone who reads it; null stays null.
 */
export function atCallerOffset(instant: string, offset: number): string;
export function atCallerOffset(instant: string | null, offset: number): string | null;
export function atCallerOffset(instant: string | null, offset: number): string | null {
  if (instant === null) return null;
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return instant;
  const wallClock = new Date(ms - offset * 60_000).toISOString().slice(0, 19);
  const ahead = -offset;
  const sign = ahead < 0 ? '-' : '+';
  const abs = Math.abs(ahead);
  return `${wallClock}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}
