import { describe, expect, it } from 'vitest';
import { classificationReport, cohensKappa, fleissKappa } from './metrics.js';

const LABELS = ['negative', 'neutral', 'positive'] as const;
type Label = (typeof LABELS)[number];

describe('classificationReport', () => {
  it('gives per-class precision, recall, F1, the averages and the confusion matrix, by hand', () => {
    // Ten items; by hand: negative 3 of 4 right (one taken for positive), neutral 1 of 2 (one taken for negative),
    // positive 3 of 4 (one taken for neutral).
    const actual: Label[] = ['positive', 'positive', 'positive', 'positive', 'neutral', 'neutral'];
    actual.push('negative', 'negative', 'negative', 'negative');
    const predicted: Label[] = ['positive', 'positive', 'positive', 'neutral', 'neutral', 'negative'];
    predicted.push('negative', 'negative', 'negative', 'positive');
    const report = classificationReport(actual, predicted, LABELS);
    expect(report.confusion).toEqual([
      [3, 0, 1],
      [1, 1, 0],
      [0, 1, 3],
    ]);
    // negative: tp 3, predicted 4, actual 4 → P = R = F1 = 0.75; neutral: 1 of 2 both ways → 0.5; positive 0.75.
    expect(report.classes).toEqual([
      { label: 'negative', precision: 0.75, recall: 0.75, f1: 0.75, support: 4 },
      { label: 'neutral', precision: 0.5, recall: 0.5, f1: 0.5, support: 2 },
      { label: 'positive', precision: 0.75, recall: 0.75, f1: 0.75, support: 4 },
    ]);
    expect(report.macroF1).toBeCloseTo(2 / 3, 12); // (0.75 + 0.5 + 0.75) / 3
    expect(report.microF1).toBeCloseTo(0.7, 12); // 7 true positives, 3 false positives, 3 false negatives
    expect(report.accuracy).toBeCloseTo(0.7, 12);
  });

  it('counts a class never predicted as precision 0, and keeps it in the macro average', () => {
    // Everything called positive: positive P = 2/4, R = 1 → F1 = 2/3; the other classes 0.
    const actual: Label[] = ['positive', 'positive', 'negative', 'neutral'];
    const report = classificationReport(actual, ['positive', 'positive', 'positive', 'positive'], LABELS);
    expect(report.classes.map((c) => [c.precision, c.recall, c.f1])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0.5, 1, 2 / 3],
    ]);
    expect(report.macroF1).toBeCloseTo(2 / 9, 12);
    expect(report.microF1).toBeCloseTo(0.5, 12);
  });
});

describe('cohensKappa', () => {
  it('gives 0.4 on the textbook table (50 items: 20 yes-yes, 5 yes-no, 10 no-yes, 15 no-no)', () => {
    // pₒ = (20 + 15) / 50 = 0.7; A says yes 25/50, B 30/50; pₑ = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2 / 0.5 = 0.4.
    const first: ('yes' | 'no')[] = [];
    const second: ('yes' | 'no')[] = [];
    const add = (a: 'yes' | 'no', b: 'yes' | 'no', times: number) => {
      for (let i = 0; i < times; i += 1) {
        first.push(a);
        second.push(b);
      }
    };
    add('yes', 'yes', 20);
    add('yes', 'no', 5);
    add('no', 'yes', 10);
    add('no', 'no', 15);
    expect(cohensKappa(first, second, ['yes', 'no'])).toBeCloseTo(0.4, 12);
  });

  it('is 1 for full agreement and negative for systematic disagreement', () => {
    expect(cohensKappa(['positive', 'negative'], ['positive', 'negative'], LABELS)).toBe(1);
    // pₒ = 0, pₑ = 0.5·0.5 + 0.5·0.5 = 0.5 → κ = −1.
    expect(cohensKappa(['positive', 'negative'], ['negative', 'positive'], LABELS)).toBe(-1);
  });
});

describe('fleissKappa', () => {
  it("gives 0.2099 on Fleiss' textbook table (10 items, 14 raters, 5 categories)", () => {
    // P̄ = 0.378022, P̄ₑ = 0.212755 → κ = (0.378022 − 0.212755) / (1 − 0.212755) = 0.209931.
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const categories = ['1', '2', '3', '4', '5'];
    const items = table.map((counts) =>
      counts.flatMap((count, j) => new Array<string>(count).fill(categories[j]!)),
    );
    expect(fleissKappa(items, categories)).toBeCloseTo(0.209931, 6);
  });

  it('agrees with the two-rater case of full agreement and refuses ragged items', () => {
    expect(
      fleissKappa(
        [
          ['positive', 'positive'],
          ['negative', 'negative'],
        ],
        LABELS,
      ),
    ).toBe(1);
    expect(() => fleissKappa([['positive', 'positive'], ['negative']], LABELS)).toThrow();
  });
});
