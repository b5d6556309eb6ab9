/*
 * 95 % confidence intervals of the KPI widgets' figures and the small-sample rule (issue 23 item 3;
 * docs/metrics.md "Confidence intervals and small samples"). Pure functions, shared by the server (which answers
 * the intervals) and the web (which formats them).
 *
 * - NPS of n answers with p = promoters / n and d = detractors / n: NPS = 100 (p − d). Each answer scores +1, 0
 *   or −1, so the variance of one answer is p + d − (p − d)², and of their mean Var = (p + d − (p − d)²) / n.
 *   95 % CI = NPS ± 1.96 · 100 · √Var (the normal approximation), clamped to [−100, 100]; no interval below 2
 *   answers.
 * - An average of n answers with sample standard deviation s: mean ± t(0.975, n − 1) · s / √n (Student's t);
 *   clamped to the scale when it is known; no interval below 2 answers.
 * - No statistics library is a dependency of the project, so the t quantile is computed here: the regularised
 *   incomplete beta function (Numerical Recipes' continued fraction) gives the t distribution's CDF, which is
 *   inverted by bisection. Tested against table values (t(0.975, 1) = 12.706, 9 → 2.262, 29 → 2.045).
 */

/** The normal quantile z(0.975), the NPS interval's multiplier (and the t quantile's limit for large n). */
const Z_975 = 1.959963984540054;

/** The tenant-wide minimum number of answers of a figure that is not a small sample, by default. */
export const DEFAULT_MINIMUM_SAMPLE_SIZE = 30;

/** A confidence interval's bounds. */
export type ConfidenceInterval = { Low: number; High: number };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The 95 % interval of an NPS: NPS ± 1.96 · 100 · √((p + d − (p − d)²) / n), clamped to [−100, 100]; null with
 * fewer than 2 answers.
 */
export function npsInterval(
  promoters: number,
  detractors: number,
  responses: number,
): ConfidenceInterval | null {
  if (!(responses >= 2)) return null;
  const p = promoters / responses;
  const d = detractors / responses;
  const variance = Math.max(0, (p + d - (p - d) ** 2) / responses);
  const nps = 100 * (p - d);
  const half = Z_975 * 100 * Math.sqrt(variance);
  return { Low: clamp(nps - half, -100, 100), High: clamp(nps + half, -100, 100) };
}

/**
 * The sample standard deviation s of n answers from their sum and sum of squares:
 * s² = (Σx² − (Σx)² / n) / (n − 1); null with fewer than 2 answers.
 */
export function sampleStandardDeviation(sum: number, sumOfSquares: number, n: number): number | null {
  if (!(n >= 2)) return null;
  return Math.sqrt(Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1)));
}

/**
 * The 95 % interval of a mean of n answers with sample standard deviation s: mean ± t(0.975, n − 1) · s / √n,
 * clamped to `bounds` (the scale, e.g. [0, 10]) when given; null with fewer than 2 answers.
 */
export function meanInterval(
  mean: number | null,
  standardDeviation: number | null,
  n: number,
  bounds?: readonly [number, number],
): ConfidenceInterval | null {
  if (mean === null || standardDeviation === null || !(n >= 2)) return null;
  const half = (studentTQuantile(0.975, n - 1) * standardDeviation) / Math.sqrt(n);
  const [low, high] = bounds ?? [-Infinity, Infinity];
  return { Low: clamp(mean - half, low, high), High: clamp(mean + half, low, high) };
}

/**
 * Whether a figure of `responses` answers is a small sample: fewer than `minimum` (and at least one; a figure
 * without answers is no figure).
 */
export function isSmallSample(responses: number, minimum: number): boolean {
  return responses > 0 && responses < minimum;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; about 15 significant digits). */
function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < g + 2; i += 1) sum += c[i]! / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz; Numerical Recipes `betacf`). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

const quantiles = new Map<string, number>();

/**
 * The quantile t(p, df) of Student's t distribution (0 < p < 1, df > 0): the CDF inverted by bisection to
 * about 1e-12; remembered per (p, df), since a chart asks for the same few again and again.
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  const key = `${p}:${df}`;
  const known = quantiles.get(key);
  if (known !== undefined) return known;
  let low = 0;
  let high = 1;
  while (studentTCdf(high, df) < p) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i += 1) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  const quantile = (low + high) / 2;
  if (quantiles.size < 10_000) quantiles.set(key, quantile);
  return quantile;
}
