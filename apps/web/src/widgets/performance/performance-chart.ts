import type { YAXisComponentOption } from 'echarts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import {
  BRANCH_CHART_DEFAULT_CATEGORIES,
  CHART_MIN_HEIGHT,
  CHART_TALL_AFTER_ROWS,
  CHART_TALL_HEIGHT,
  npsBandColor,
  type PerformanceRow,
} from '@loupe/contracts';
import { branchBarLabel } from '@/widgets/impact/impact-bar-label';
import { escapeHtml, numberFormats } from '@/widgets/shared/widget-format';

/*
 * The performance bar charts as data (reports spec §3 "performance chart rows", §9; docs/widgets-charts.md):
 * one horizontal bar per row, its NPS, its colour (the row's FillColor, else the NPS band's), the report's total
 * NPS as a line. Pure, so the view only renders and the option is unit-tested.
 */

/** Chart height (reports spec §9): 800 px beyond 6 rows, else the 250 px minimum. */
export function performanceChartHeight(rowCount: number): number {
  return rowCount > CHART_TALL_AFTER_ROWS ? CHART_TALL_HEIGHT : CHART_MIN_HEIGHT;
}

/**
 * The branch chart's window (reports spec §9 "shows the latest 15 categories by default when more than 15";
 * docs/widgets-charts.md "Branch chart window"): the chart holds every row and opens on `size` of them with a
 * scroll bar beside it for the others. Rows have no time, so "latest" is read as the top of the list the answer
 * gives (best first): the first `size`. A selected row (a drill's branch) is always in view: when it lies below,
 * the window is centred on it (as far as the rows allow). Null when all fit.
 */
export function branchWindow(
  rowCount: number,
  selectedIndex: number | null = null,
  size: number = BRANCH_CHART_DEFAULT_CATEGORIES,
): { startValue: number; endValue: number } | null {
  if (rowCount <= size) return null;
  let start = 0;
  if (selectedIndex !== null && selectedIndex >= size) {
    start = Math.min(rowCount - size, Math.max(0, selectedIndex - Math.floor(size / 2)));
  }
  return { startValue: start, endValue: start + size - 1 };
}

/**
 * The scroll bar of a horizontal bar chart that opens on `window` (see branchWindow), beside the bars at the
 * `end` side; none when every row fits.
 */
function latestZoom(
  window: { startValue: number; endValue: number } | null,
  end: 'left' | 'right',
): DataZoomComponentOption[] {
  return window
    ? [
        {
          type: 'slider',
          yAxisIndex: 0,
          ...window,
          [end]: 8,
          width: 16,
          showDetail: false,
          brushSelect: false,
          zoomLock: false,
        },
      ]
    : [];
}

/**
 * What the one-bar-per-row charts (top phrases, sentiment by branch) share around their bars: no animation, the grid
 * with room on the `end` side for the scroll bar of `window`, that scroll bar, and an axis tooltip showing the
 * hovered row (`describe`), or none when tooltips are off.
 */
export function barChartFrame<Row>({
  rows,
  window,
  rtl,
  showTooltip,
  describe,
}: {
  rows: readonly Row[];
  window: { startValue: number; endValue: number } | null;
  rtl: boolean;
  showTooltip: boolean;
  describe: (row: Row) => string;
}): {
  animation: false;
  grid: GridComponentOption;
  dataZoom: DataZoomComponentOption[];
  tooltip: TooltipComponentOption;
} {
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  return {
    animation: false,
    grid: { top: 8, bottom: 24, [start]: 8, [end]: window ? 72 : 48 },
    dataZoom: latestZoom(window, end),
    tooltip: showTooltip
      ? {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          confine: true,
          formatter: (params) => {
            const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
            const row = rows[index];
            return row ? describe(row) : '';
          },
        }
      : { show: false },
  };
}

/** The category axis of a horizontal bar chart: first row on top, names cut at 160 px on the `start` side. */
export function categoryAxis(
  names: readonly string[],
  start: 'left' | 'right',
): YAXisComponentOption & { type: 'category' } {
  return {
    type: 'category',
    inverse: true,
    position: start,
    data: [...names],
    axisLabel: { width: 160, overflow: 'truncate' },
    axisTick: { show: false },
  };
}

/** The texts the charts show, translated by the view. */
export type PerformanceTexts = {
  nps: string;
  promoters: string;
  neutrals: string;
  detractors: string;
  responses: string;
  /** The total NPS line's label, given the formatted value. */
  total: (value: string) => string;
  /** The 95 % interval's label in the tooltip ("95 % CI"); with ShowConfidence only. */
  ci?: string;
  /** A small-sample row's tooltip line, given the minimum; and the short mark after its name in the summary. */
  smallSample?: (minimum: string) => string;
  smallSampleMark?: string;
};

/** The hatching of a small-sample row's bar (its colour stays; white diagonal stripes over it). */
export const SMALL_SAMPLE_DECAL = {
  symbol: 'rect',
  symbolSize: 1,
  color: 'rgba(255, 255, 255, 0.55)',
  dashArrayX: [1, 0],
  dashArrayY: [3, 4],
  rotation: -Math.PI / 4,
} as const;

/** The whiskers of the rows' 95 % intervals: [row index, low, high]; none when no row has one. */
export function intervalWhiskers(rows: readonly PerformanceRow[]): [number, number, number][] {
  return rows.flatMap((row, index) =>
    row.Ci ? [[index, row.Ci.Low, row.Ci.High] as [number, number, number]] : [],
  );
}

type WhiskerApi = {
  value: (dimension: number) => number;
  coord: (point: [number, number]) => number[];
  size: (point: [number, number]) => number[];
};

/** Draws one whisker: a line from low to high at the row's band, with end caps a third of the band high. */
function renderWhisker(_params: unknown, api: WhiskerApi) {
  const index = api.value(0);
  const [x1 = 0, y = 0] = api.coord([api.value(1), index]);
  const [x2 = 0] = api.coord([api.value(2), index]);
  const cap = (api.size([0, 1])[1] ?? 12) / 6;
  const style = { stroke: '#262626', lineWidth: 1.5 };
  return {
    type: 'group',
    children: [
      { type: 'line', shape: { x1, y1: y, x2, y2: y }, style },
      { type: 'line', shape: { x1, y1: y - cap, x2: x1, y2: y + cap }, style },
      { type: 'line', shape: { x1: x2, y1: y - cap, x2, y2: y + cap }, style },
    ],
  };
}

/** A tooltip: the row's name (and parent), NPS n1, promoters, neutrals, detractors and responses n0. */
export function performanceTooltip(row: PerformanceRow, texts: PerformanceTexts, locale: string): string {
  const { score, count } = numberFormats(locale);
  const name = row.Location ? `${row.Category} · ${row.Location}` : row.Category;
  const lines: [string, string][] = [
    [texts.nps, score(row.Value)],
    [texts.promoters, count(row.Promoters)],
    [texts.neutrals, count(row.Neutrals)],
    [texts.detractors, count(row.Detractors)],
    [texts.responses, count(row.Responses)],
  ];
  if (row.Ci && texts.ci) lines.splice(1, 0, [texts.ci, `${score(row.Ci.Low)} – ${score(row.Ci.High)}`]);
  const small =
    row.SmallSample && texts.smallSample
      ? [`<em>${escapeHtml(texts.smallSample(count(row.MinimumSampleSize ?? null)))}</em>`]
      : [];
  return [
    `<strong>${escapeHtml(name)}</strong>`,
    ...lines.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`),
    ...small,
  ].join('<br/>');
}

/** The value axis: whole steps of 20 around the values, the total and zero (NPS runs -100..100). */
export function npsAxisBounds(values: readonly (number | null)[]): { min: number; max: number } {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const low = Math.min(0, ...known);
  const high = Math.max(0, ...known);
  const min = Math.max(-100, Math.floor(low / 20) * 20);
  const max = Math.min(100, Math.ceil(high / 20) * 20);
  return { min, max: max === min ? min + 20 : max };
}

/** The report's total NPS the rows carry (the same on each row), or null. */
function totalNpsOf(rows: readonly PerformanceRow[]): number | null {
  return rows.find((row) => row.TotalNps !== null)?.TotalNps ?? null;
}

/** The opacity of the bars beside a selected one. */
export const DIMMED_OPACITY = 0.35;

/** The colour of a row's bar: the server's FillColor, else the NPS band's (below 0 red, to 40 yellow, green). */
export function barColor(row: PerformanceRow): string {
  return row.FillColor.trim() !== '' ? row.FillColor : npsBandColor(row.Value);
}

/**
 * The ECharts option of a performance chart: categories top to bottom in the rows' order, bars labelled with
 * their NPS, the total NPS as a dashed line. Right to left, the value axis runs from the right and the names
 * stand on the right. `drillable` marks the rows a click drills into (a pointer cursor); a `selected` bar (a
 * drill at the deepest level) stands out from the dimmed others.
 */
export function performanceOption({
  rows,
  texts,
  locale,
  rtl = false,
  showTooltip = true,
  selected = null,
  drillable,
  windowSize,
}: {
  rows: readonly PerformanceRow[];
  texts: PerformanceTexts;
  locale: string;
  rtl?: boolean;
  showTooltip?: boolean;
  /** The CategoryId of a selected bar: it keeps its colour, the others are dimmed. */
  selected?: number | null;
  drillable?: (row: PerformanceRow) => boolean;
  /** Show `windowSize` categories with a scroll bar when there are more (the branch chart; branchWindow). */
  windowSize?: number;
}): Record<string, unknown> {
  const { score, count } = numberFormats(locale);
  const total = totalNpsOf(rows);
  const whiskers = intervalWhiskers(rows);
  const bounds = npsAxisBounds([
    ...rows.map((row) => row.Value),
    total,
    ...whiskers.flatMap(([, low, high]) => [low, high]),
  ]);
  const end = rtl ? 'left' : 'right';
  const start = rtl ? 'right' : 'left';
  const selectedIndex = selected === null ? -1 : rows.findIndex((row) => row.CategoryId === selected);
  const window =
    windowSize === undefined
      ? null
      : branchWindow(rows.length, selectedIndex < 0 ? null : selectedIndex, windowSize);
  return {
    animation: false,
    // Room above the bars for the total line's label, and beside them for the scroll bar.
    grid: { top: total === null ? 8 : 28, bottom: 8, [start]: 8, [end]: window ? 72 : 48 },
    dataZoom: latestZoom(window, end),
    tooltip: showTooltip
      ? {
          trigger: 'item',
          confine: true,
          formatter: (params: { dataIndex: number }) => {
            const row = rows[params.dataIndex];
            return row ? performanceTooltip(row, texts, locale) : '';
          },
        }
      : { show: false },
    xAxis: {
      type: 'value',
      min: bounds.min,
      max: bounds.max,
      // The bounds are whole 20s: ticks at every 20 (at most 10 steps over -100..100).
      interval: 20,
      inverse: rtl,
      axisLabel: { formatter: (value: number) => count(value) },
    },
    yAxis: {
      ...categoryAxis(
        rows.map((row) => row.Category),
        start,
      ),
      // A click on a name drills like a click on its bar.
      triggerEvent: drillable !== undefined,
    },
    series: [
      {
        type: 'bar',
        name: texts.nps,
        barMaxWidth: 28,
        data: rows.map((row) => ({
          value: row.Value,
          itemStyle: {
            color: barColor(row),
            opacity: selected === null || row.CategoryId === selected ? 1 : DIMMED_OPACITY,
            ...(row.SmallSample ? { decal: SMALL_SAMPLE_DECAL } : {}),
          },
          cursor: drillable?.(row) ? 'pointer' : 'default',
          label: branchBarLabel({ value: row.Value, text: score(row.Value), ...bounds, rtl }),
        })),
        markLine:
          total === null
            ? undefined
            : {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed', color: '#595959' },
                // The category axis runs top down (inverse), so the line starts at the top.
                label: { formatter: () => texts.total(score(total)), position: 'start' },
                data: [{ xAxis: total }],
              },
      },
      ...(whiskers.length > 0
        ? [
            {
              type: 'custom',
              name: texts.ci ?? '',
              renderItem: renderWhisker,
              encode: { x: [1, 2], y: 0 },
              data: whiskers,
              z: 3,
              // Not hovered or clicked: the bar under it carries the tooltip (with the interval) and the drill.
              silent: true,
            },
          ]
        : []),
    ],
  };
}

/** What a screen reader hears for the chart: each row's name and NPS, then the total. */
export function performanceSummary(
  rows: readonly PerformanceRow[],
  texts: PerformanceTexts,
  locale: string,
): string {
  const { score } = numberFormats(locale);
  const total = totalNpsOf(rows);
  const parts = rows.map((row) => {
    const interval = row.Ci && texts.ci ? ` (${texts.ci} ${score(row.Ci.Low)} – ${score(row.Ci.High)})` : '';
    const small = row.SmallSample && texts.smallSampleMark ? `, ${texts.smallSampleMark}` : '';
    return `${row.Category} ${score(row.Value)}${interval}${small}`;
  });
  if (total !== null) parts.push(texts.total(score(total)));
  return `${texts.nps}: ${parts.join('; ')}`;
}
