/*
 * How widgets write their numbers (reports spec §9 "number formats"): counts n0, scores n1, deviations and
 * percentages with one decimal, all in the interface language's digits and separators. Pure, so the views and
 * their chart options share one set of rules and the tests can assert the text.
 */

/** What a figure without answers shows (the API sends null). */
export const NO_FIGURE = '–';

export type NumberFormats = {
  /** n0: a count, grouped (1.234 in Turkish, 1,234 in English). */
  count: (value: number | null) => string;
  /** n1: a score or NPS with one decimal. */
  score: (value: number | null) => string;
  /** A whole-number score, for widgets set to ShowAsInteger. */
  integer: (value: number | null) => string;
  /** A percentage of 0..100 with one decimal (%42,5 in Turkish, 42.5% in English). */
  percent: (value: number | null) => string;
  /** A deviation with one decimal and its sign (+2.5, −1.0, 0.0). */
  deviation: (value: number | null) => string;
  /** A change of a count, whole and signed (+234, −12, 0). */
  countDeviation: (value: number | null) => string;
  /** An axis tick: at most one decimal, none when whole (−50, 7.5). */
  tick: (value: number | null) => string;
  /** An axis tick of a percentage axis (0..100): at most one decimal (%20, 12.5%). */
  tickPercent: (value: number | null) => string;
};

const cache = new Map<string, NumberFormats>();

/** The formats of a locale (a BCP 47 tag such as 'tr', 'en', 'ar'); made once per locale. */
export function numberFormats(locale: string): NumberFormats {
  const known = cache.get(locale);
  if (known) return known;
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const signed = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const signedWhole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const tick = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const tickPercent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const orDash = (format: (value: number) => string) => (value: number | null) =>
    value === null || !Number.isFinite(value) ? NO_FIGURE : format(value);
  const formats: NumberFormats = {
    count: orDash((value) => whole.format(value)),
    score: orDash((value) => oneDecimal.format(value)),
    integer: orDash((value) => whole.format(value)),
    percent: orDash((value) => percent.format(value / 100)),
    // Rounded first, so that −0.04 reads 0.0 and not −0.0.
    deviation: orDash((value) => signed.format(roundOneDecimal(value))),
    countDeviation: orDash((value) => signedWhole.format(Math.round(value) || 0)),
    tick: orDash((value) => tick.format(value)),
    tickPercent: orDash((value) => tickPercent.format(value / 100)),
  };
  cache.set(locale, formats);
  return formats;
}

/** Rounded to one decimal, with −0 read as 0. */
export function roundOneDecimal(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export type DeviationDirection = 'up' | 'down' | 'flat';

/**
 * Reports spec §4: the deviation arrow is flat at 0, up when positive, down when negative. The deviation is
 * read as it is shown (one decimal), so an arrow never points up beside "0.0".
 */
export function deviationDirection(deviation: number): DeviationDirection {
  const shown = roundOneDecimal(deviation);
  if (shown > 0) return 'up';
  if (shown < 0) return 'down';
  return 'flat';
}

/** The share of `part` in `total` as a percentage (0..100); null without a total. */
export function shareOf(part: number, total: number): number | null {
  return total > 0 ? (100 * part) / total : null;
}

/** This period minus the previous one; null when either is unknown. */
export function deviationOf(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined) return null;
  return current - previous;
}

/** Text for an HTML tooltip: names come from the tenant's data. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
