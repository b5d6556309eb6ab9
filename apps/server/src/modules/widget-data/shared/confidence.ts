import { and, eq } from 'drizzle-orm';
import {
  ANALYTICS_SECTION,
  DEFAULT_MINIMUM_SAMPLE_SIZE,
  isSmallSample,
  meanInterval,
  npsInterval,
  parseJsonObject,
  sampleStandardDeviation,
  type PerformanceRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { Db } from '../../../db/client.js';
import { systemConfigurations } from '../../../db/schema/index.js';
import type { MeasureRow } from './score-histogram.js';
import { npsCounts, type WidgetQuery } from './widget-query.js';

/*
 * Confidence on the KPI widgets (issue 23 item 3; docs/metrics.md "Confidence intervals and small samples"): with
 * dataFilters.ShowConfidence, the NPS and score gauges, the cards and the performance charts answer each figure's
 * 95 % interval (contracts' confidence maths), whether it is a small sample, and the minimum that decides it.
 * Without the setting nothing here runs and the answers are as before.
 */

/** The additive fields of a figure answered with ShowConfidence. */
export type ConfidenceFields = Required<Pick<PerformanceRow, 'Ci' | 'SmallSample' | 'MinimumSampleSize'>>;

/** Whether the widget asks for intervals and small-sample flags. */
export function showsConfidence(filters: WidgetDataFilters): boolean {
  return filters.ShowConfidence === true;
}

/**
 * The minimum of answers below which a figure is a small sample: the widget's MinimumResponseCount when set (the
 * widget's own choice wins), else the tenant's `Analytics` system configuration `MinimumSampleSize`, else 30. A
 * stored section that is not JSON or holds no whole number from 1 counts as not set.
 */
export async function minimumSampleSize(db: Db, query: WidgetQuery): Promise<number> {
  const own = query.dataFilters.MinimumResponseCount;
  if (own !== null && own !== undefined) return own;
  const [row] = await db
    .select({ json: systemConfigurations.jsonConfig })
    .from(systemConfigurations)
    .where(
      and(
        eq(systemConfigurations.tenantId, query.tenantId),
        eq(systemConfigurations.section, ANALYTICS_SECTION),
      ),
    );
  const value = row ? parseJsonObject(row.json)?.MinimumSampleSize : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1
    ? value
    : DEFAULT_MINIMUM_SAMPLE_SIZE;
}

/** The scale's ends an average's interval is clamped to: 1-5 or 0-10 (dataFilters.Scale, else the facts'). */
function scaleBounds(row: MeasureRow | undefined, filters: WidgetDataFilters): [number, number] {
  const scale = filters.Scale ?? (Number(row?.max_scale) === 5 ? 5 : 11);
  return scale === 5 ? [1, 5] : [0, 10];
}

/**
 * The interval and small-sample flag of one figure: an NPS (`nps`) by the variance of the promoter/detractor
 * difference, an average (`average`) by Student's t from the sum of squares of its scores.
 */
export function confidenceOf(
  row: MeasureRow | undefined,
  mode: 'nps' | 'average',
  filters: WidgetDataFilters,
  minimum: number,
): ConfidenceFields {
  const counts = npsCounts(row);
  const n = counts.responses;
  let ci: ConfidenceFields['Ci'];
  if (mode === 'nps') ci = npsInterval(counts.promoters, counts.detractors, n);
  else {
    const sum = (counts.average ?? 0) * n;
    const s = sampleStandardDeviation(sum, Number(row?.sum_of_squares ?? 0), n);
    ci = meanInterval(n > 0 ? counts.average : null, s, n, scaleBounds(row, filters));
  }
  return { Ci: ci, SmallSample: isSmallSample(n, minimum), MinimumSampleSize: minimum };
}

/**
 * The rows of a performance chart with confidence on, sorted: the rows of at least the minimum are ranked and cut
 * to TopNCount; the small-sample rows follow them, in the same order, flagged — not ranked among the others and
 * not taking a Top-N place (with TopN on, at most TopNCount of them, so the chart stays bounded). Nothing is
 * dropped by MinimumResponseCount here: it is the minimum that flags.
 */
export function rankedThenSmall<T extends { SmallSample?: boolean }>(
  rows: readonly T[],
  filters: WidgetDataFilters,
): T[] {
  const cut = (list: T[]) =>
    filters.TopNToggle && filters.TopNCount ? list.slice(0, filters.TopNCount) : list;
  return [...cut(rows.filter((row) => !row.SmallSample)), ...cut(rows.filter((row) => row.SmallSample))];
}
