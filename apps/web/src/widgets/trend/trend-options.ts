import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { CHART_PALETTE, NPS_TREND_BANDS, TREND_MAX_POINTS, type Band, type TrendRow } from '@loupe/contracts';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * The trend widgets' chart options (reports spec §3 trend rows, §9 last 35 points, palette): a line over the
 * buckets and one line per series. Pure, so the views only draw and the tests assert what is drawn. The
 * days-of-week bubbles are in days-of-week-options.ts.
 */

export type TrendChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | VisualMapComponentOption
  | LegendComponentOption
>;

/** With the scrollbar on, this many buckets are in view at first; the rest scroll in. */
const TREND_VISIBLE_POINTS = 12;

/** The last `max` items (reports spec §9: trend charts show the last 35 data points). */
export function lastPoints<T>(items: readonly T[], max: number = TREND_MAX_POINTS): T[] {
  return items.slice(Math.max(0, items.length - max));
}

/** What a trend line measures, which decides its formats and colours. */
export type TrendMeasure = 'nps' | 'score' | 'count';

/**
 * A trend's measure: Config.valueField 'Responses' counts; otherwise the Value is an NPS unless the widget's
 * MeasurementType makes it an average score (1 custom metric, 2 average score), as the API computes it.
 */
export function trendMeasure(valueField: unknown, measurementType: unknown): TrendMeasure {
  if (valueField === 'Responses') return 'count';
  return measurementType === 1 || measurementType === 2 ? 'score' : 'nps';
}

/** The value a measure reads from a row. */
export function trendValue(row: TrendRow, measure: TrendMeasure): number | null {
  return measure === 'count' ? row.Responses : row.Value;
}

/** ECharts visualMap pieces for bands: below the second band's start, between starts, from the last start. */
export function bandPieces(bands: readonly Band[]): { gte?: number; lt?: number; color: string }[] {
  return bands.map((band, index) => {
    const next = bands[index + 1];
    return {
      ...(index > 0 ? { gte: band.from } : {}),
      ...(next ? { lt: next.from } : {}),
      color: band.color,
    };
  });
}

/** The range an NPS or a score can take, and the step its axis bounds round to. */
const AXIS_RANGES = {
  nps: { low: -100, high: 100, step: 20 },
  score: { low: 0, high: 10, step: 1 },
} as const;

/**
 * The value axis of an NPS or score trend: the values' range rounded out to whole steps (20s for an NPS, points
 * for a score) and kept within what the measure can be (−100..100, 0..10); a flat series gets one step, towards
 * the middle when it sits on the edge (all −100: −100..−80). Undefined for counts (ECharts' own, from 0). ECharts'
 * `scale` alone padded a flat −100 series to −160..−40.
 */
function trendAxisBounds(
  values: readonly (number | null)[],
  measure: TrendMeasure,
): { min: number; max: number } | undefined {
  if (measure === 'count') return undefined;
  const { low, high, step } = AXIS_RANGES[measure];
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return { min: low, max: high };
  let min = Math.max(low, Math.floor(Math.min(...known) / step) * step);
  let max = Math.min(high, Math.ceil(Math.max(...known) / step) * step);
  if (max === min) {
    if (max + step <= high) max += step;
    else min -= step;
  }
  return { min, max };
}

/** A scrollbar (and wheel/drag zoom) showing the last TREND_VISIBLE_POINTS of `points` buckets at first. */
function scrollbar(points: number): DataZoomComponentOption[] {
  return [
    {
      type: 'slider',
      xAxisIndex: 0,
      startValue: points - TREND_VISIBLE_POINTS,
      endValue: points - 1,
      height: 16,
      bottom: 6,
      brushSelect: false,
    },
    { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: false, moveOnMouseWheel: true },
  ];
}

/**
 * A trend line over the last 35 buckets: NPS points and line segments in the NPS trend bands' colours (the
 * API's row Color comes from the same NPS_TREND_BANDS), scores and counts in the palette's first colour, the axis
 * by trendAxisBounds; the tooltip names the bucket, the value and the response count. With
 * `scroll` (Config.chartConfig.chartScrollbar.enabled) and more buckets than fit, a scrollbar.
 */
export function trendOption({
  rows,
  measure,
  labelOf,
  seriesName,
  responsesText,
  formats,
  scroll,
}: {
  rows: readonly TrendRow[];
  measure: TrendMeasure;
  /** A bucket's label (bucketLabel). */
  labelOf: (category: string) => string;
  seriesName: string;
  /** "120 responses" for a count. */
  responsesText: (count: number) => string;
  formats: NumberFormats;
  scroll: boolean;
}): TrendChartOption {
  const shown = lastPoints(rows);
  const format = measure === 'count' ? formats.count : formats.score;
  const scrolls = scroll && shown.length > TREND_VISIBLE_POINTS;
  const bounds = trendAxisBounds(
    shown.map((row) => trendValue(row, measure)),
    measure,
  );
  return {
    grid: { left: 8, right: 16, top: 16, bottom: scrolls ? 40 : 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
        const row = shown[index];
        if (!row) return '';
        const lines = [
          escapeHtml(labelOf(row.Category)),
          `${escapeHtml(seriesName)}: ${format(trendValue(row, measure))}`,
        ];
        if (measure !== 'count') lines.push(escapeHtml(responsesText(row.Responses)));
        return lines.join('<br/>');
      },
    },
    xAxis: { type: 'category', boundaryGap: false, data: shown.map((row) => labelOf(row.Category)) },
    yAxis: {
      type: 'value',
      ...bounds,
      minInterval: measure === 'count' ? 1 : 0,
      axisLabel: {
        formatter: (value: number) => formats.tick(value),
      },
    },
    ...(measure === 'nps'
      ? { visualMap: { show: false, seriesIndex: 0, pieces: bandPieces(NPS_TREND_BANDS) } }
      : {}),
    ...(scrolls ? { dataZoom: scrollbar(shown.length) } : {}),
    series: [
      {
        type: 'line',
        name: seriesName,
        data: shown.map((row) => trendValue(row, measure)),
        connectNulls: false,
        symbolSize: 7,
        lineStyle: { width: 2 },
        ...(measure === 'nps' ? {} : { color: CHART_PALETTE[0], areaStyle: { opacity: 0.08 } }),
      },
    ],
  };
}

export type Series = { name: string; color: string; values: (number | null)[] };

/**
 * MultiSeriesChart rows as lines: one per SubCategory in the order they first appear, over the last 35 buckets
 * (in the order they first appear, the API sends them oldest first); a bucket a series has no row for is a gap.
 * A series takes its rows' Color, else the palette's next colour.
 */
export function multiSeries(
  rows: readonly TrendRow[],
  value: (row: TrendRow) => number | null,
): { categories: string[]; series: Series[] } {
  const categories = lastPoints([...new Set(rows.map((row) => row.Category))]);
  const column = new Map(categories.map((category, index) => [category, index]));
  const byName = new Map<string, Series>();
  for (const row of rows) {
    const name = row.SubCategory ?? '';
    let series = byName.get(name);
    if (!series) {
      series = {
        name,
        color: row.Color ?? CHART_PALETTE[byName.size % CHART_PALETTE.length]!,
        values: categories.map(() => null),
      };
      byName.set(name, series);
    }
    const index = column.get(row.Category);
    if (index !== undefined) series.values[index] = value(row);
  }
  return { categories, series: [...byName.values()] };
}

/**
 * A line per series with a legend: percentages (dataFilters.TrendSeriesValue 'percentage', the rows'
 * ValuePercent) on a 0-100 % axis, numbers (Value) as counts.
 */
export function multiSeriesOption({
  rows,
  percentage,
  labelOf,
  seriesLabel,
  formats,
  scroll,
}: {
  rows: readonly TrendRow[];
  percentage: boolean;
  labelOf: (category: string) => string;
  /** A series' name as shown (SubCategory translated where it is a known key). */
  seriesLabel: (subCategory: string) => string;
  formats: NumberFormats;
  scroll: boolean;
}): TrendChartOption {
  const { categories, series } = multiSeries(rows, (row) => (percentage ? row.ValuePercent : row.Value));
  const format = (value: number | null) =>
    percentage
      ? formats.percent(value)
      : value !== null && !Number.isInteger(value)
        ? formats.score(value)
        : formats.count(value);
  const scrolls = scroll && categories.length > TREND_VISIBLE_POINTS;
  return {
    color: series.map((line) => line.color),
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 36, bottom: scrolls ? 40 : 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex ?? 0;
        const category = categories[index];
        if (category === undefined) return '';
        return [
          escapeHtml(labelOf(category)),
          ...series.map(
            (line) => `${escapeHtml(seriesLabel(line.name))}: ${format(line.values[index] ?? null)}`,
          ),
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', boundaryGap: false, data: categories.map(labelOf) },
    yAxis: percentage
      ? {
          type: 'value',
          min: 0,
          max: 100,
          axisLabel: { formatter: (value: number) => formats.tickPercent(value) },
        }
      : { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => formats.tick(value) } },
    ...(scrolls ? { dataZoom: scrollbar(categories.length) } : {}),
    series: series.map((line) => ({
      type: 'line' as const,
      name: seriesLabel(line.name),
      data: line.values,
      symbolSize: 6,
      lineStyle: { width: 2 },
    })),
  };
}
