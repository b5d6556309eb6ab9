import { BAND_COLORS, type PerformanceRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  barColor,
  DIMMED_OPACITY,
  branchWindow,
  npsAxisBounds,
  performanceChartHeight,
  performanceOption,
  performanceSummary,
  performanceTooltip,
  type PerformanceTexts,
} from './performance-chart';

const texts: PerformanceTexts = {
  nps: 'NPS',
  promoters: 'Promoters',
  neutrals: 'Neutrals',
  detractors: 'Detractors',
  responses: 'Responses',
  total: (value) => `Total NPS ${value}`,
};

function row(category: string, value: number | null, extra: Partial<PerformanceRow> = {}): PerformanceRow {
  return {
    Category: category,
    CategoryId: null,
    Level: null,
    Value: value,
    Promoters: 0,
    Neutrals: 0,
    Detractors: 0,
    Responses: 0,
    FillColor: '',
    TotalNps: null,
    Location: null,
    ...extra,
  };
}

// Kadıköy: 5 promoters, 2 neutrals, 3 detractors of 10 → NPS 20; Beşiktaş: 1, 1, 2 of 4 → -25; total over
// both: (6 − 5) / 14 × 100 = 7.142857…
const kadikoy = row('Kadıköy', 20, {
  CategoryId: 41,
  Level: 3,
  Promoters: 5,
  Neutrals: 2,
  Detractors: 3,
  Responses: 10,
  FillColor: BAND_COLORS.yellow,
  TotalNps: 100 / 14,
  Location: 'İstanbul',
});
const besiktas = row('Beşiktaş', -25, {
  CategoryId: 42,
  Level: 3,
  Promoters: 1,
  Neutrals: 1,
  Detractors: 2,
  Responses: 4,
  FillColor: BAND_COLORS.red,
  TotalNps: 100 / 14,
  Location: 'İstanbul',
});

describe('performance chart sizes', () => {
  it('is 250 px up to 6 rows and 800 px beyond', () => {
    expect(performanceChartHeight(0)).toBe(250);
    expect(performanceChartHeight(6)).toBe(250);
    expect(performanceChartHeight(7)).toBe(800);
  });

  it('the branch chart opens on the first 15 categories (the top of the list) when it has more, with a scroll bar', () => {
    expect(branchWindow(20)).toEqual({ startValue: 0, endValue: 14 });
    expect(branchWindow(15)).toBeNull();
    expect(branchWindow(3, null, 2)).toEqual({ startValue: 0, endValue: 1 });
    const rows = Array.from({ length: 20 }, (_, index) =>
      row(`Branch ${index + 1}`, 100 - index * 10, { CategoryId: 100 + index }),
    );
    const option = performanceOption({ rows, texts, locale: 'en', windowSize: 15 }) as {
      dataZoom: { type: string; yAxisIndex: number; startValue: number; endValue: number; right: number }[];
      yAxis: { data: string[] };
    };
    expect(option.yAxis.data).toHaveLength(20);
    expect(option.dataZoom).toMatchObject([
      { type: 'slider', yAxisIndex: 0, startValue: 0, endValue: 14, right: 8 },
    ]);
    const few = performanceOption({ rows: rows.slice(0, 15), texts, locale: 'en', windowSize: 15 }) as {
      dataZoom: unknown[];
    };
    expect(few.dataZoom).toEqual([]);
  });

  it('keeps a drilled (selected) branch in the window, wherever it ranks', () => {
    for (const index of [0, 14, 15, 18, 19]) {
      const window = branchWindow(20, index)!;
      expect(window.endValue - window.startValue + 1).toBe(15);
      expect(index, `row ${index}`).toBeGreaterThanOrEqual(window.startValue);
      expect(index, `row ${index}`).toBeLessThanOrEqual(window.endValue);
    }
    expect(branchWindow(40, 30)).toEqual({ startValue: 23, endValue: 37 });
    const rows = Array.from({ length: 20 }, (_, index) =>
      row(`Branch ${index + 1}`, 100 - index * 10, { CategoryId: 100 + index }),
    );
    const option = performanceOption({ rows, texts, locale: 'en', windowSize: 15, selected: 118 }) as {
      dataZoom: { startValue: number; endValue: number }[];
    };
    expect(option.dataZoom[0]!.startValue).toBeLessThanOrEqual(18);
    expect(option.dataZoom[0]!.endValue).toBeGreaterThanOrEqual(18);
  });
});

describe('performance tooltip', () => {
  it('names the row and its parent, NPS n1 and the counts', () => {
    expect(performanceTooltip(kadikoy, texts, 'en')).toBe(
      '<strong>Kadıköy · İstanbul</strong><br/>NPS: 20.0<br/>Promoters: 5<br/>Neutrals: 2<br/>Detractors: 3<br/>Responses: 10',
    );
  });

  it('escapes names from the data', () => {
    expect(performanceTooltip(row('<b>A&B</b>', 1), texts, 'en')).toContain(
      '<strong>&lt;b&gt;A&amp;B&lt;/b&gt;</strong>',
    );
  });
});

describe('performance option', () => {
  it('draws one bar per row in order, coloured by FillColor, labelled n1, with the total line', () => {
    const option = performanceOption({ rows: [kadikoy, besiktas], texts, locale: 'en' }) as {
      yAxis: { data: string[]; inverse: boolean; position: string; triggerEvent: boolean };
      xAxis: { min: number; max: number; inverse: boolean };
      series: {
        data: {
          value: number;
          itemStyle: { color: string };
          label: { position: string; formatter: () => string };
        }[];
        markLine: { data: { xAxis: number }[]; label: { formatter: () => string } };
      }[];
    };
    expect(option.yAxis.data).toEqual(['Kadıköy', 'Beşiktaş']);
    expect(option.yAxis.inverse).toBe(true);
    expect(option.yAxis.triggerEvent).toBe(false);
    const [series] = option.series;
    expect(series!.data.map((bar) => bar.value)).toEqual([20, -25]);
    expect(series!.data.map((bar) => bar.itemStyle.color)).toEqual([BAND_COLORS.yellow, BAND_COLORS.red]);
    expect(series!.data.map((bar) => bar.label.formatter())).toEqual(['20.0', '-25.0']);
    // Labels stand on the end side (right): a negative bar's beside the zero line, away from the names; Kadıköy
    // fills its side of the axis (0..20), so its label stands inside its end.
    expect(series!.data.map((bar) => bar.label.position)).toEqual(['insideRight', 'right']);
    expect(series!.markLine.data).toEqual([{ xAxis: 100 / 14 }]);
    expect(series!.markLine.label.formatter()).toBe('Total NPS 7.1');
    expect(option.xAxis).toMatchObject({ min: -40, max: 20, inverse: false });
  });

  it('runs right to left in Arabic: value axis inverted, names on the right, labels mirrored', () => {
    const option = performanceOption({ rows: [kadikoy, besiktas], texts, locale: 'ar', rtl: true }) as {
      yAxis: { position: string };
      xAxis: { inverse: boolean };
      series: { data: { label: { position: string } }[] }[];
    };
    expect(option.xAxis.inverse).toBe(true);
    expect(option.yAxis.position).toBe('right');
    expect(option.series[0]!.data.map((bar) => bar.label.position)).toEqual(['insideLeft', 'left']);
  });

  it('marks drillable bars with a pointer and lets their names be clicked', () => {
    const option = performanceOption({
      rows: [kadikoy, row('Other', 3)],
      texts,
      locale: 'en',
      drillable: (item) => item.CategoryId !== null,
    }) as { yAxis: { triggerEvent: boolean }; series: { data: { cursor: string }[] }[] };
    expect(option.yAxis.triggerEvent).toBe(true);
    expect(option.series[0]!.data.map((bar) => bar.cursor)).toEqual(['pointer', 'default']);
  });

  it('dims the bars beside a selected one', () => {
    const option = performanceOption({ rows: [kadikoy, besiktas], texts, locale: 'en', selected: 42 }) as {
      series: { data: { itemStyle: { opacity: number } }[] }[];
    };
    expect(option.series[0]!.data.map((bar) => bar.itemStyle.opacity)).toEqual([DIMMED_OPACITY, 1]);
  });

  it('hides the tooltip when the widget turns it off', () => {
    const option = performanceOption({ rows: [kadikoy], texts, locale: 'en', showTooltip: false }) as {
      tooltip: { show?: boolean };
    };
    expect(option.tooltip.show).toBe(false);
  });
});

describe('bars and axis', () => {
  it('a row without FillColor takes its NPS band’s colour', () => {
    expect(barColor(row('a', -0.1))).toBe(BAND_COLORS.red);
    expect(barColor(row('b', 40))).toBe(BAND_COLORS.yellow);
    expect(barColor(row('c', 40.1))).toBe(BAND_COLORS.green);
  });

  it('the axis spans whole 20s around the values and zero, inside -100..100', () => {
    expect(npsAxisBounds([12, 35])).toEqual({ min: 0, max: 40 });
    expect(npsAxisBounds([-25, 7.1])).toEqual({ min: -40, max: 20 });
    expect(npsAxisBounds([-100, 100])).toEqual({ min: -100, max: 100 });
    expect(npsAxisBounds([null, 0])).toEqual({ min: 0, max: 20 });
  });

  it('summarises the bars for screen readers', () => {
    expect(performanceSummary([kadikoy, besiktas], texts, 'en')).toBe(
      'NPS: Kadıköy 20.0; Beşiktaş -25.0; Total NPS 7.1',
    );
  });
});
