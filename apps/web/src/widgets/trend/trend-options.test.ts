import {
  BAND_COLORS,
  CHART_PALETTE,
  NPS_GAUGE_BANDS,
  NPS_TREND_BANDS,
  npsTrendColor,
  type TrendRow,
} from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  bandPieces,
  lastPoints,
  multiSeries,
  multiSeriesOption,
  trendMeasure,
  trendOption,
} from './trend-options';
import { numberFormats } from '@/widgets/shared/widget-format';

const en = numberFormats('en');
const { red, yellow, green } = BAND_COLORS;

function row(
  Category: string,
  Value: number | null,
  Responses: number,
  extra: Partial<TrendRow> = {},
): TrendRow {
  return {
    Category,
    SubCategory: null,
    Value,
    Responses,
    Rate: null,
    ValuePercent: null,
    Color: null,
    ...extra,
  };
}

const months = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    row(`${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`, index, index + 1),
  );

const base = {
  labelOf: (category: string) => category,
  seriesName: 'NPS',
  responsesText: (count: number) => `${count} responses`,
  formats: en,
};

type Line = { data: (number | null)[]; name: string };

describe('trend measures', () => {
  it('counts responses for valueField Responses, else reads an NPS unless the measurement is a score', () => {
    expect(trendMeasure('Responses', undefined)).toBe('count');
    expect(trendMeasure('Value', undefined)).toBe('nps');
    expect(trendMeasure(undefined, 0)).toBe('nps');
    expect(trendMeasure('Value', 2)).toBe('score');
    expect(trendMeasure('Value', 1)).toBe('score');
    expect(trendMeasure('Value', 3)).toBe('nps');
  });

  it('keeps the last 35 points', () => {
    const rows = months(40);
    const shown = lastPoints(rows);
    expect(shown).toHaveLength(35);
    expect(shown[0]!.Category).toBe('2020-06');
    expect(lastPoints(rows.slice(0, 3))).toHaveLength(3);
  });

  it('maps the NPS bands to visualMap pieces', () => {
    expect(bandPieces(NPS_GAUGE_BANDS)).toEqual([
      { lt: 0, color: red },
      { gte: 0, lt: 30, color: yellow },
      { gte: 30, color: green },
    ]);
  });
});

describe('trendOption', () => {
  const rows = [row('2024-01', -12.5, 8), row('2024-02', 20, 10), row('2024-03', 41.2, 17)];

  it('draws the NPS per bucket in band colours, the tooltip with value and responses', () => {
    const option = trendOption({ ...base, rows, measure: 'nps', scroll: true });
    expect((option.xAxis as { data: string[] }).data).toEqual(['2024-01', '2024-02', '2024-03']);
    expect((option.series as Line[])[0]!.data).toEqual([-12.5, 20, 41.2]);
    expect((option.visualMap as { pieces: unknown[] }).pieces).toEqual(bandPieces(NPS_GAUGE_BANDS));
    expect(option.dataZoom).toBeUndefined();
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 0 }])).toBe('2024-01<br/>NPS: -12.5<br/>8 responses');
  });

  it('draws the response counts for valueField Responses, without band colours', () => {
    const option = trendOption({ ...base, rows, measure: 'count', seriesName: 'Responses', scroll: false });
    expect((option.series as Line[])[0]!.data).toEqual([8, 10, 17]);
    expect(option.visualMap).toBeUndefined();
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 2 }])).toBe('2024-03<br/>Responses: 17');
  });

  it('scrolls through the last 35 buckets, the last 12 in view, when the scrollbar is on', () => {
    const option = trendOption({ ...base, rows: months(40), measure: 'score', scroll: true });
    expect((option.series as Line[])[0]!.data).toHaveLength(35);
    expect((option.xAxis as { data: string[] }).data[0]).toBe('2020-06');
    const [slider] = option.dataZoom as { type: string; startValue: number; endValue: number }[];
    expect(slider).toMatchObject({ type: 'slider', startValue: 23, endValue: 34 });
    expect(
      trendOption({ ...base, rows: months(12), measure: 'score', scroll: true }).dataZoom,
    ).toBeUndefined();
    expect(
      trendOption({ ...base, rows: months(40), measure: 'score', scroll: false }).dataZoom,
    ).toBeUndefined();
  });
});

describe('trend value axis and colours', () => {
  const axisOf = (values: number[], measure: 'nps' | 'score') => {
    const option = trendOption({
      ...base,
      rows: values.map((value, index) => row(`2024-0${index + 1}`, value, 5)),
      measure,
      scroll: false,
    });
    return option.yAxis as { min?: number; max?: number; interval?: number };
  };

  it('keeps an NPS axis within −100..100 in whole 20s, even for a flat series', () => {
    expect(axisOf([-100, -100, -100], 'nps')).toMatchObject({ min: -100, max: -80 });
    expect(axisOf([100, 100], 'nps')).toMatchObject({ min: 80, max: 100 });
    expect(axisOf([35.9, 41.2], 'nps')).toMatchObject({ min: 20, max: 60 });
    expect(axisOf([-12.5, 20, 41.2], 'nps')).toMatchObject({ min: -20, max: 60 });
    expect(axisOf([0, 0], 'nps')).toMatchObject({ min: 0, max: 20 });
  });

  it('keeps a score axis within 0..10 in whole points', () => {
    expect(axisOf([10, 10], 'score')).toMatchObject({ min: 9, max: 10 });
    expect(axisOf([6.4, 8.2], 'score')).toMatchObject({ min: 6, max: 9 });
  });

  it('draws the NPS line in the bands the API colours its rows with (35.9 is green on both)', () => {
    const option = trendOption({ ...base, rows: [row('2024-01', 35.9, 5)], measure: 'nps', scroll: false });
    const pieces = (option.visualMap as { pieces: { gte?: number; lt?: number; color: string }[] }).pieces;
    expect(pieces).toEqual(bandPieces(NPS_TREND_BANDS));
    const piece = pieces.find(
      (item) => (item.gte === undefined || 35.9 >= item.gte) && (item.lt === undefined || 35.9 < item.lt),
    );
    expect(piece!.color).toBe(npsTrendColor(35.9));
    expect(piece!.color).toBe(green);
  });
});

describe('multiSeries', () => {
  const rows = [
    row('2024-01', 5, 5, { SubCategory: 'Promoters', ValuePercent: 50, Color: green }),
    row('2024-01', 3, 3, { SubCategory: 'Neutrals', ValuePercent: 30 }),
    row('2024-01', 2, 2, { SubCategory: 'Detractors', ValuePercent: 20 }),
    row('2024-02', 6, 6, { SubCategory: 'Promoters', ValuePercent: 60, Color: green }),
    row('2024-02', 4, 4, { SubCategory: 'Detractors', ValuePercent: 40 }),
  ];

  it('makes a line per SubCategory over the buckets, a gap where a series has no row', () => {
    const { categories, series } = multiSeries(rows, (item) => item.ValuePercent);
    expect(categories).toEqual(['2024-01', '2024-02']);
    expect(series).toEqual([
      { name: 'Promoters', color: green, values: [50, 60] },
      { name: 'Neutrals', color: CHART_PALETTE[1], values: [30, null] },
      { name: 'Detractors', color: CHART_PALETTE[2], values: [20, 40] },
    ]);
  });

  it('draws percentages on a 0-100 % axis and numbers as counts', () => {
    const common = {
      rows,
      labelOf: (category: string) => category,
      seriesLabel: (name: string) => name,
      formats: en,
    };
    const percent = multiSeriesOption({ ...common, percentage: true, scroll: false });
    expect(percent.yAxis).toMatchObject({ min: 0, max: 100 });
    expect((percent.series as Line[]).map((line) => line.data)).toEqual([
      [50, 60],
      [30, null],
      [20, 40],
    ]);
    const formatter = (percent.tooltip as { formatter: (params: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 1 }])).toBe(
      '2024-02<br/>Promoters: 60.0%<br/>Neutrals: –<br/>Detractors: 40.0%',
    );
    const numbers = multiSeriesOption({ ...common, percentage: false, scroll: false });
    expect((numbers.series as Line[]).map((line) => line.data)).toEqual([
      [5, 6],
      [3, null],
      [2, 4],
    ]);
    expect(numbers.color).toEqual([green, CHART_PALETTE[1], CHART_PALETTE[2]]);
  });
});
