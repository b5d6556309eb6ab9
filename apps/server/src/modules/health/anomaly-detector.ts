import type { Anomaly, AnomalySource } from '@loupe/contracts';

/*
 * The health check's anomaly detector (docs/health-and-logs.md): a robust seasonal baseline over an hourly series
 * of counts. Counts are first put on a scale where their noise is the same at every volume, Anscombe's transform
 * a(x) = 2·√(x + 3/8) (a Poisson count has variance about 1 there). For each hour t the baseline is the hour of the
 * week around it in the previous BASELINE_WEEKS weeks, x[t − 168k + d] for k = 1..4 and d = −1, 0, +1 (12 values);
 * with m the median of their a(v) and MAD the median of |a(v) − m|,
 *
 *   scale = max(1.4826 · MAD, 1)        (1: the Poisson noise, so an all-zero baseline does not make every single
 *                                        failure an anomaly; 1.4826 · MAD: the extra spread of real weeks)
 *   z     = (a(x) − m) / scale for failures (a spike is the anomaly), (m − a(x)) / scale for ingest (a drop is)
 *
 * and the hour is anomalous when z ≥ Z_THRESHOLD (4: above Iglewicz and Hoaglin's 3.5 for the modified z-score,
 * a conservative cut for a screen people should trust) and the count differs from the baseline's median count by
 * at least MIN_EXCESS (5). Its score is 1 − 2^(−z / 4): 0.5 at the threshold, 0.75 at twice it, towards 1.
 * Consecutive anomalous hours of one source make one anomaly.
 */

export const HOURS_PER_WEEK = 168;
export const BASELINE_WEEKS = 4;
const NEIGHBOUR_HOURS = 1;
const MIN_BASELINE_VALUES = 6;
const Z_THRESHOLD = 4;
const MIN_EXCESS = 5;

/** Which way is bad: failures that rise, or answers that fall. */
type AnomalyDirection = 'up' | 'down';

export type HourlySeries = {
  source: AnomalySource;
  direction: AnomalyDirection;
  /** The UTC start of the series' first hour (ms). */
  startMs: number;
  /** Counts per hour, oldest first. */
  counts: readonly number[];
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Anscombe's variance-stabilising transform of a count. */
const anscombe = (x: number) => 2 * Math.sqrt(x + 3 / 8);

/** The seasonal baseline of hour `t`: its median and robust scale, or undefined without enough history. */
export function baselineAt(
  counts: readonly number[],
  t: number,
): { median: number; center: number; scale: number } | undefined {
  const values: number[] = [];
  for (let week = 1; week <= BASELINE_WEEKS; week++) {
    for (let d = -NEIGHBOUR_HOURS; d <= NEIGHBOUR_HOURS; d++) {
      const i = t - week * HOURS_PER_WEEK + d;
      if (i >= 0 && i < counts.length) values.push(counts[i]!);
    }
  }
  if (values.length < MIN_BASELINE_VALUES) return undefined;
  const stable = values.map(anscombe);
  const center = median(stable);
  const mad = median(stable.map((v) => Math.abs(v - center)));
  return { median: median(values), center, scale: Math.max(1.4826 * mad, 1) };
}

/** 0..1 from a robust z-score: 0.5 at the threshold. */
const scoreOf = (z: number) => 1 - 2 ** (-z / Z_THRESHOLD);

const HOUR_MS = 3_600_000;

/** The anomalies among the series' hours from `fromIndex` on, oldest first. */
export function detectAnomalies(series: HourlySeries, fromIndex: number): Anomaly[] {
  const { counts, direction } = series;
  const found: Anomaly[] = [];
  let open: (Anomaly & { lastIndex: number; maxZ: number }) | undefined;
  const close = () => {
    if (!open) return;
    const { lastIndex: _last, maxZ, ...anomaly } = open;
    found.push({
      ...anomaly,
      Expected: Math.round(anomaly.Expected * 10) / 10,
      ErrorCount:
        direction === 'up' ? anomaly.Observed : Math.max(0, Math.round(anomaly.Expected - anomaly.Observed)),
      Score: Math.round(scoreOf(maxZ) * 1000) / 1000,
    });
    open = undefined;
  };
  for (let t = Math.max(0, fromIndex); t < counts.length; t++) {
    const base = baselineAt(counts, t);
    const x = counts[t]!;
    const excess = base ? (direction === 'up' ? x - base.median : base.median - x) : 0;
    const shift = base ? anscombe(x) - base.center : 0;
    const z = base ? (direction === 'up' ? shift : -shift) / base.scale : 0;
    if (!base || z < Z_THRESHOLD || excess < MIN_EXCESS) {
      close();
      continue;
    }
    if (open && open.lastIndex === t - 1) {
      open.lastIndex = t;
      open.Hours += 1;
      open.Observed += x;
      open.Expected += base.median;
      open.maxZ = Math.max(open.maxZ, z);
    } else {
      close();
      open = {
        Date: new Date(series.startMs + t * HOUR_MS).toISOString(),
        Hours: 1,
        Source: series.source,
        ErrorCount: 0,
        Observed: x,
        Expected: base.median,
        Score: 0,
        lastIndex: t,
        maxZ: z,
      };
    }
  }
  close();
  return found;
}
