import type { ConfidenceInterval } from '@loupe/contracts';
import type { NumberFormats } from './widget-format';

/*
 * What a KPI widget shows of its figure's confidence (issue 23 item 3; docs/metrics.md "Confidence intervals and
 * small samples"): the server answers `Ci`, `SmallSample` and `MinimumSampleSize` only when the widget's
 * dataFilters.ShowConfidence is on; without them the views show what they always did. Pure, for the tests.
 */

/** The confidence fields a gauge, card or performance row may carry. */
export type ConfidenceData = {
  Ci?: ConfidenceInterval | null;
  SmallSample?: boolean;
  MinimumSampleSize?: number;
};

/** What to show: nothing (the setting is off), or the interval's texts (null below 2 answers) and the flag. */
export type ConfidenceView = {
  interval: { low: string; high: string } | null;
  smallSample: boolean;
  minimum: number | null;
} | null;

/**
 * The view of a figure's confidence, its bounds written like the figure (n1, or n0 for a card shown as whole
 * numbers). Null when the answer has no confidence fields.
 */
export function confidenceView(
  data: ConfidenceData,
  format: NumberFormats['score'] | NumberFormats['integer'],
): ConfidenceView {
  if (data.Ci === undefined && data.SmallSample === undefined) return null;
  return {
    interval: data.Ci ? { low: format(data.Ci.Low), high: format(data.Ci.High) } : null,
    smallSample: data.SmallSample === true,
    minimum: data.MinimumSampleSize ?? null,
  };
}
