import { describe, expect, it } from 'vitest';
import { Prng } from '../../demo/prng.js';
import { baselineAt, detectAnomalies, HOURS_PER_WEEK, type HourlySeries } from './anomaly-detector.js';

const WEEKS = 8;
const HOURS = WEEKS * HOURS_PER_WEEK;
const SCAN_FROM = 4 * HOURS_PER_WEEK;
const START = Date.UTC(2026, 9, 5); // a Monday, 00:00 UTC

const series = (counts: number[], direction: 'up' | 'down' = 'up'): HourlySeries => ({
  source: direction === 'up' ? 'restData' : 'ingest',
  direction,
  startMs: START,
  counts,
});

/** A Poisson draw (Knuth for small means, a rounded normal for large ones). */
function poisson(prng: Prng, mean: number): number {
  if (mean > 30) {
    const u = Math.max(prng.next(), 1e-12);
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let p = prng.next();
  while (p > limit) {
    k += 1;
    p *= prng.next();
  }
  return k;
}

/** A bank's week: busy office hours on weekdays, quiet nights and Sundays, `peak` answers an hour at the top. */
function weeklyShape(hour: number, peak: number): number {
  const day = Math.floor((hour % HOURS_PER_WEEK) / 24);
  const hourOfDay = hour % 24;
  const daily = hourOfDay >= 8 && hourOfDay < 19 ? 1 : hourOfDay >= 6 && hourOfDay < 22 ? 0.35 : 0.05;
  const weekly = [1.2, 1, 1, 1, 1.1, 0.4, 0.1][day]!;
  return peak * daily * weekly;
}

function normalWeeks(seed: number, peak: number): number[] {
  const prng = new Prng(seed);
  return Array.from({ length: HOURS }, (_, hour) => poisson(prng, weeklyShape(hour, peak)));
}

describe('the anomaly detector', () => {
  it('takes the hour of the week ±1 hour over four weeks as its baseline, with the Poisson noise as the least scale', () => {
    const counts = new Array<number>(HOURS).fill(10);
    // Hand computed: twelve 10s → median 10, centre a(10) = 2·√10.375 = 6.44205, MAD 0, scale max(0, 1) = 1.
    const base = baselineAt(counts, SCAN_FROM + 50)!;
    expect(base.median).toBe(10);
    expect(base.center).toBeCloseTo(6.44205, 5);
    expect(base.scale).toBe(1);
    // At the end of the first week only two hours of history: too few for a baseline.
    expect(baselineAt(counts, HOURS_PER_WEEK - 1)).toBeUndefined();
  });

  it('finds a planted burst of REST data failures, with its count and score', () => {
    const counts = new Array<number>(HOURS).fill(10);
    const at = SCAN_FROM + 2 * HOURS_PER_WEEK + 37;
    counts[at] = 40;
    const found = detectAnomalies(series(counts), SCAN_FROM);
    // z = a(40) − a(10) = 12.70827 − 6.44205 = 6.26622; score = 1 − 2^(−6.26622 / 4) = 0.662.
    expect(found).toEqual([
      {
        Date: new Date(START + at * 3_600_000).toISOString(),
        Hours: 1,
        Source: 'restData',
        ErrorCount: 40,
        Observed: 40,
        Expected: 10,
        Score: 0.662,
      },
    ]);
  });

  it('lets six failures on a quiet baseline pass and flags eight', () => {
    const counts = new Array<number>(HOURS).fill(0);
    counts[SCAN_FROM + 10] = 6; // z = a(6) − a(0) = 5.04975 − 1.22474 = 3.825 < 4
    counts[SCAN_FROM + 100] = 8; // z = a(8) − a(0) = 4.563: score 1 − 2^(−4.563 / 4) = 0.546
    const found = detectAnomalies(series(counts), SCAN_FROM);
    expect(found.map((a) => [a.Observed, a.Score])).toEqual([[8, 0.546]]);
  });

  it('merges consecutive anomalous hours into one anomaly', () => {
    const counts = new Array<number>(HOURS).fill(2);
    const at = SCAN_FROM + 300;
    counts[at] = 20;
    counts[at + 1] = 30;
    counts[at + 2] = 14;
    const found = detectAnomalies(series(counts), SCAN_FROM);
    // Baseline a(2) = 3.08221, scale 1: z = 5.946, 7.940, 4.501 → one anomaly of 3 hours, 64 failures, scored by
    // z = 7.940: 1 − 2^(−7.940 / 4) = 0.747.
    expect(found).toEqual([
      expect.objectContaining({ Hours: 3, ErrorCount: 64, Observed: 64, Expected: 6, Score: 0.747 }),
    ]);
  });

  it('finds a planted ingest outage in realistic weeks, counting the answers missing', () => {
    const counts = normalWeeks(7, 40);
    // Wednesday of the last week, 10:00–13:00 UTC: nothing arrives.
    const at = SCAN_FROM + 3 * HOURS_PER_WEEK + 2 * 24 + 10;
    counts[at] = 0;
    counts[at + 1] = 0;
    counts[at + 2] = 0;
    const found = detectAnomalies(series(counts, 'down'), SCAN_FROM);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ Source: 'ingest', Hours: 3, Observed: 0 });
    expect(found[0]!.Date).toBe(new Date(START + at * 3_600_000).toISOString());
    expect(found[0]!.ErrorCount).toBeGreaterThan(100); // about 3 × 40 missing
    expect(found[0]!.Score).toBeGreaterThan(0.75);
  });

  it('stays quiet on normal weeks, at every volume and in both directions', () => {
    for (const [seed, peak] of [
      [1, 0.3],
      [2, 2],
      [3, 8],
      [4, 40],
      [5, 200],
    ] as const) {
      const counts = normalWeeks(seed, peak);
      expect(detectAnomalies(series(counts, 'up'), SCAN_FROM), `up, peak ${peak}`).toEqual([]);
      expect(detectAnomalies(series(counts, 'down'), SCAN_FROM), `down, peak ${peak}`).toEqual([]);
    }
  });
});
