import { describe, expect, it } from 'vitest';
import {
  intervalWhiskers,
  performanceOption,
  performanceSummary,
  performanceTooltip,
  SMALL_SAMPLE_DECAL,
  type PerformanceTexts,
} from '@/widgets/performance/performance-chart';
import type { PerformanceRow } from '@loupe/contracts';
import { confidenceView } from './confidence';
import { numberFormats } from './widget-format';

const en = numberFormats('en');

describe('confidenceView', () => {
  it('is nothing without the confidence fields (ShowConfidence off)', () => {
    expect(confidenceView({}, en.score)).toBeNull();
  });

  it('writes the bounds like the figure, and keeps the flag and minimum', () => {
    // The server's [−0.7595, 91.6686] of the NPS 45.5 (docs/metrics.md worked example) reads −0.8 – 91.7.
    expect(
      confidenceView(
        { Ci: { Low: -0.7595, High: 91.6686 }, SmallSample: true, MinimumSampleSize: 30 },
        en.score,
      ),
    ).toEqual({ interval: { low: '-0.8', high: '91.7' }, smallSample: true, minimum: 30 });
    expect(confidenceView({ Ci: { Low: 6.04, High: 9.96 }, SmallSample: false }, en.integer)).toEqual({
      interval: { low: '6', high: '10' },
      smallSample: false,
      minimum: null,
    });
    expect(
      confidenceView({ Ci: null, SmallSample: true, MinimumSampleSize: 30 }, en.score)?.interval,
    ).toBeNull();
  });
});

const texts: PerformanceTexts = {
  nps: 'NPS',
  promoters: 'Promoters',
  neutrals: 'Neutrals',
  detractors: 'Detractors',
  responses: 'Responses',
  total: (value) => `Total NPS ${value}`,
  ci: '95 % CI',
  smallSample: (minimum) => `Small sample: fewer than ${minimum}`,
  smallSampleMark: 'small sample',
};

const row = (category: string, value: number, extra: Partial<PerformanceRow>): PerformanceRow => ({
  Category: category,
  CategoryId: null,
  Level: null,
  Value: value,
  Promoters: 0,
  Neutrals: 0,
  Detractors: 0,
  Responses: 3,
  FillColor: '#30a46c',
  TotalNps: null,
  Location: null,
  ...extra,
});

describe('performance chart with confidence', () => {
  const rows = [
    row('South-1', 66.7, { Ci: { Low: 13.3, High: 100 }, SmallSample: false, MinimumSampleSize: 3 }),
    row('North-2', 100, {
      Ci: { Low: 100, High: 100 },
      SmallSample: true,
      MinimumSampleSize: 3,
      Responses: 2,
    }),
  ];

  it('draws a whisker per interval, hatches small samples and widens the axis to the intervals', () => {
    expect(intervalWhiskers(rows)).toEqual([
      [0, 13.3, 100],
      [1, 100, 100],
    ]);
    const option = performanceOption({ rows, texts, locale: 'en' }) as {
      series: { type: string; data: { itemStyle?: { decal?: unknown } }[] }[];
      xAxis: { min: number; max: number };
    };
    expect(option.series.map((series) => series.type)).toEqual(['bar', 'custom']);
    expect(option.series[0]!.data[0]!.itemStyle?.decal).toBeUndefined();
    expect(option.series[0]!.data[1]!.itemStyle?.decal).toEqual(SMALL_SAMPLE_DECAL);
    expect(option.xAxis).toMatchObject({ min: 0, max: 100 });
  });

  it('tells the interval and the small sample in the tooltip and the summary', () => {
    expect(performanceTooltip(rows[1]!, texts, 'en')).toContain('95 % CI: 100.0 – 100.0');
    expect(performanceTooltip(rows[1]!, texts, 'en')).toContain('<em>Small sample: fewer than 3</em>');
    expect(performanceSummary(rows, texts, 'en')).toBe(
      'NPS: South-1 66.7 (95 % CI 13.3 – 100.0); North-2 100.0 (95 % CI 100.0 – 100.0), small sample',
    );
  });

  it('draws no whiskers without intervals (the setting off)', () => {
    const plain = performanceOption({ rows: [row('A', 10, {})], texts, locale: 'en' }) as {
      series: unknown[];
    };
    expect(plain.series).toHaveLength(1);
  });
});
