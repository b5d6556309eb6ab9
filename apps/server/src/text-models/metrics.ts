// How good a model is, and how much annotators agree (issue 21 items 2 and 3; the formulas are in
// docs/text-models.md § Metrics). A ratio whose denominator is zero counts as 0: a class never predicted has
// precision 0, as scikit-learn's zero_division=0 does, so an empty class lowers the macro average instead of
// vanishing from it.

type ClassMetrics<L extends string> = {
  label: L;
  precision: number;
  recall: number;
  f1: number;
  /** How many items truly are of the class. */
  support: number;
};

export type ClassificationReport<L extends string> = {
  classes: ClassMetrics<L>[];
  /** Unweighted mean of the classes' F1: every class counts the same, however rare. */
  macroF1: number;
  /** F1 of the pooled true and false positives and negatives; equal to accuracy for one label per item. */
  microF1: number;
  accuracy: number;
  /** confusion[i][j]: items of class labels[i] predicted as labels[j]. */
  confusion: number[][];
};

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? 0 : numerator / denominator);
const harmonic = (a: number, b: number) => ratio(2 * a * b, a + b);

/** Precision, recall and F1 per class, their macro and micro averages and the confusion matrix. */
export function classificationReport<L extends string>(
  actual: readonly L[],
  predicted: readonly L[],
  labels: readonly L[],
): ClassificationReport<L> {
  if (actual.length !== predicted.length) throw new Error('actual and predicted differ in length');
  const confusion = confusionMatrix(actual, predicted, labels);
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const classes = labels.map((label, i) => {
    const row = confusion[i] ?? [];
    const tp = row[i] ?? 0;
    const support = row.reduce((sum, n) => sum + n, 0);
    const predictedAs = confusion.reduce((sum, r) => sum + (r[i] ?? 0), 0);
    truePositives += tp;
    falsePositives += predictedAs - tp;
    falseNegatives += support - tp;
    const precision = ratio(tp, predictedAs);
    const recall = ratio(tp, support);
    return { label, precision, recall, f1: harmonic(precision, recall), support };
  });
  const microPrecision = ratio(truePositives, truePositives + falsePositives);
  const microRecall = ratio(truePositives, truePositives + falseNegatives);
  return {
    classes,
    macroF1: ratio(
      classes.reduce((sum, c) => sum + c.f1, 0),
      classes.length,
    ),
    microF1: harmonic(microPrecision, microRecall),
    accuracy: ratio(truePositives, actual.length),
    confusion,
  };
}

/**
 * Cohen's kappa of two annotators who labelled the same items: (pₒ − pₑ) / (1 − pₑ), pₒ the share of items they
 * agree on, pₑ the agreement expected by chance from each annotator's own label shares. 1 when pₑ = 1 (both used
 * one and the same label throughout: nothing to disagree on).
 */
export function cohensKappa<L extends string>(
  first: readonly L[],
  second: readonly L[],
  labels: readonly L[],
): number {
  if (first.length !== second.length) throw new Error('the annotators labelled different numbers of items');
  const n = first.length;
  if (n === 0) return 0;
  const confusion = confusionMatrix(first, second, labels);
  const observed = labels.reduce((sum, _, i) => sum + (confusion[i]?.[i] ?? 0), 0) / n;
  const expected = labels.reduce((sum, _, i) => {
    const firstShare = (confusion[i] ?? []).reduce((s, x) => s + x, 0) / n;
    const secondShare = confusion.reduce((s, row) => s + (row[i] ?? 0), 0) / n;
    return sum + firstShare * secondShare;
  }, 0);
  return expected === 1 ? 1 : (observed - expected) / (1 - expected);
}

/**
 * Fleiss' kappa of any number of annotators: `items[i]` holds the labels the annotators gave item i, the same
 * number of labels for every item (at least two). (P̄ − P̄ₑ) / (1 − P̄ₑ), P̄ the mean share of agreeing annotator
 * pairs per item, P̄ₑ the sum of the squared overall label shares.
 */
export function fleissKappa<L extends string>(
  items: readonly (readonly L[])[],
  labels: readonly L[],
): number {
  const raters = items[0]?.length ?? 0;
  if (items.length === 0 || raters < 2) return 0;
  if (items.some((item) => item.length !== raters)) throw new Error('every item needs as many labels');
  const column = new Map(labels.map((label, j) => [label, j]));
  const totals = new Array<number>(labels.length).fill(0);
  let agreement = 0;
  for (const item of items) {
    const counts = new Array<number>(labels.length).fill(0);
    for (const label of item) {
      const j = column.get(label);
      if (j === undefined) throw new Error(`unknown label ${label}`);
      counts[j] = (counts[j] ?? 0) + 1;
    }
    counts.forEach((count, j) => (totals[j] = (totals[j] ?? 0) + count));
    agreement += (counts.reduce((sum, count) => sum + count * count, 0) - raters) / (raters * (raters - 1));
  }
  const meanAgreement = agreement / items.length;
  const expected = totals.reduce((sum, total) => sum + (total / (items.length * raters)) ** 2, 0);
  return expected === 1 ? 1 : (meanAgreement - expected) / (1 - expected);
}

function confusionMatrix<L extends string>(rows: readonly L[], columns: readonly L[], labels: readonly L[]) {
  const index = new Map(labels.map((label, i) => [label, i]));
  const matrix = labels.map(() => new Array<number>(labels.length).fill(0));
  rows.forEach((label, k) => {
    const i = index.get(label);
    const j = index.get(columns[k] as L);
    if (i === undefined || j === undefined) throw new Error(`unknown label ${label} or ${columns[k]}`);
    const row = matrix[i];
    if (row) row[j] = (row[j] ?? 0) + 1;
  });
  return matrix;
}
