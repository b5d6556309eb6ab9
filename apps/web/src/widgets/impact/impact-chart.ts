import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { BAND_COLORS, CHART_PALETTE, ImpactStatus, type ImpactRow } from '@loupe/contracts';
import { barEndLabel } from './impact-bar-label';
import { npsAxisBounds } from '@/widgets/performance/performance-chart';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * The impact butterflies (reports spec §3 "impact rows", §4 status codes and closed-end impact colours, §9 label
 * cut; docs/widgets-impact.md): the text-analytics impact chart (topics) and the closed-ended impact chart
 * (choices), both of kind Chart. Pure, so the view only draws and the tests assert the numbers and colours.
 */

export type ImpactChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** Impact types (reports spec §9): 1 positive, 2 negative, 3 NPS. */
const ImpactType = { Positive: 1, Negative: 2, Nps: 3 } as const;

/** What a status row says, or null when the answer has rows to draw (reports spec §4: 1 no data, 2 too little). */
export function impactStatusOf(rows: readonly ImpactRow[]): number | null {
  const first = rows[0];
  if (rows.length === 1 && first && first.StatusCode !== ImpactStatus.Ok) return first.StatusCode;
  return null;
}

/** How the chart draws, from the widget's Config and dataFilters. */
export type ImpactMode = {
  /** Config.showAverageNpsScoreImpact: one bar per row (its NPS) coloured by the sign of its impact. */
  average: boolean;
  /** Config.showNpsImpact: the ImpactNps bars beside the impact. */
  npsImpact: boolean;
  /** The butterfly's wings: the impact type's (1 positive, 2 negative), both for 3 (NPS). */
  wings: 'both' | 'positive' | 'negative';
};

/**
 * The mode of a widget. Reports spec §4: impact type 1 (positive) disables impact value type, show NPS impact and
 * show average NPS score impact, so with ImpactType 1 both switches read as off whatever the Config holds. The
 * butterfly draws the wing the impact type ranks by (the server sorts by it), both wings for the NPS type.
 */
export function impactModeOf(config: Record<string, unknown>, impactType: unknown): ImpactMode {
  const type = typeof impactType === 'string' ? Number(impactType) : impactType;
  const positiveOnly = type === ImpactType.Positive;
  return {
    average: !positiveOnly && config.showAverageNpsScoreImpact === true,
    npsImpact: !positiveOnly && config.showNpsImpact === true,
    wings: positiveOnly ? 'positive' : type === ImpactType.Negative ? 'negative' : 'both',
  };
}

/**
 * A row's two wings: NegativeImpact towards the start side, PositiveImpact towards the end side (only the one of
 * `wings` when not both). A row that has neither but an Impact puts it on the wing of its sign.
 */
export function impactWings(
  row: ImpactRow,
  wings: ImpactMode['wings'] = 'both',
): { negative: number | null; positive: number | null } {
  if (row.NegativeImpact !== null || row.PositiveImpact !== null) {
    return {
      negative: wings === 'positive' ? null : row.NegativeImpact,
      positive: wings === 'negative' ? null : row.PositiveImpact,
    };
  }
  if (row.Impact === null || row.Impact === 0) return { negative: null, positive: row.Impact };
  return row.Impact < 0 ? { negative: row.Impact, positive: null } : { negative: null, positive: row.Impact };
}

/**
 * The impact an average-NPS bar is coloured by: PositiveImpact + NegativeImpact (reports spec §4), or the row's
 * Impact when it has neither; null when it has none.
 */
export function netImpactOf(row: ImpactRow): number | null {
  if (row.PositiveImpact !== null || row.NegativeImpact !== null) {
    return (row.PositiveImpact ?? 0) + (row.NegativeImpact ?? 0);
  }
  return row.Impact;
}

/** Reports spec §4: in average-NPS mode a bar is green when positive plus negative impact is above 0, else red. */
export function averageBarColor(row: ImpactRow): string {
  const net = netImpactOf(row);
  return net !== null && net > 0 ? BAND_COLORS.green : BAND_COLORS.red;
}

/** The NPS-impact bars' colour (the palette's first). */
const NPS_IMPACT_COLOR = CHART_PALETTE[0];

/**
 * A round bound at or above `value` (1, 2, 2.5 or 5 times a power of ten), so a butterfly's axis runs from
 * −bound to +bound with ticks at halves; 1 for nothing to show.
 */
export function niceBound(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const step = [1, 2, 2.5, 5, 10].find((candidate) => fraction <= candidate + 1e-9) ?? 10;
  return step * power;
}

/** The butterfly's axis reaches this many times the longest wing, so the wing's label fits beside it. */
const LABEL_ROOM = 1.2;

/** The texts the impact charts show, translated by the view. */
export type ImpactTexts = {
  negative: string;
  positive: string;
  npsImpact: string;
  impact: string;
  nps: string;
  responses: string;
  /** Average-NPS mode's colour key: green bars, red bars. */
  netAbove: string;
  netNotAbove: string;
};

/** A tooltip: the full Category, the impacts (signed, one decimal), NPS n1 and responses n0. */
export function impactTooltip({
  row,
  mode,
  texts,
  formats,
}: {
  row: ImpactRow;
  mode: ImpactMode;
  texts: ImpactTexts;
  formats: NumberFormats;
}): string {
  const lines: [string, string][] = [];
  if (mode.average) {
    lines.push([texts.nps, formats.score(row.Value)], [texts.impact, formats.deviation(netImpactOf(row))]);
  } else {
    const { negative, positive } = impactWings(row, mode.wings);
    if (positive !== null) lines.push([texts.positive, formats.deviation(positive)]);
    if (negative !== null) lines.push([texts.negative, formats.deviation(negative)]);
    // The figure the NPS type ranks by (ImpactNps or the overall impact, by ImpactValueType).
    if (mode.wings === 'both' && row.Impact !== null)
      lines.push([texts.impact, formats.deviation(row.Impact)]);
    lines.push([texts.nps, formats.score(row.Value)]);
  }
  if (mode.npsImpact) lines.push([texts.npsImpact, formats.deviation(row.ImpactNps)]);
  lines.push([texts.responses, formats.count(row.Responses)]);
  return [
    `<strong>${escapeHtml(row.Category)}</strong>`,
    ...lines.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`),
  ].join('<br/>');
}

/**
 * The axis of impact bars: zero-centred around `values`, a fifth wider than the longest bar (room for its label),
 * ticks at halves; one-sided (from or to zero) when every value has the same sign, e.g. a single wing.
 */
export function impactAxisBounds(values: readonly (number | null)[]): {
  min: number;
  max: number;
  interval: number;
} {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const bound = niceBound(LABEL_ROOM * Math.max(0, ...known.map(Math.abs)));
  const negative = known.some((value) => value < 0);
  const positive = known.some((value) => value > 0);
  if (positive && !negative) return { min: 0, max: bound, interval: bound / 2 };
  if (negative && !positive) return { min: -bound, max: 0, interval: bound / 2 };
  return { min: -bound, max: bound, interval: bound / 2 };
}

/** With the NPS-impact panel, the main panel takes this share of the width (the start side). */
const MAIN_PANEL_SHARE = 0.6;

/**
 * The ECharts option of an impact chart: one row per category top to bottom in the answer's order, named by
 * ShortCategory (cut to 20 characters by the server). Butterfly: the negative wing (red) towards the start side
 * and the positive wing (green) towards the end side of a zero-centred axis. Average-NPS mode: the row's NPS as
 * one bar, green or red by its impact. With NPS impact on, a second panel beside it holds the ImpactNps bars on
 * their own zero-centred axis (the impacts are a few points, NPS differences tens of points: on one axis the
 * wings would vanish). Right to left, the axes run from the right and the names stand on the right.
 */
export function impactOption({
  rows,
  mode,
  texts,
  formats,
  rtl = false,
  showTooltip = true,
}: {
  rows: readonly ImpactRow[];
  mode: ImpactMode;
  texts: ImpactTexts;
  formats: NumberFormats;
  rtl?: boolean;
  showTooltip?: boolean;
}): ImpactChartOption {
  const start: 'left' | 'right' = rtl ? 'right' : 'left';
  const end: 'left' | 'right' = rtl ? 'left' : 'right';
  const series: BarSeriesOption[] = [];
  const label = (value: number | null, text: string, bounds: { min: number; max: number }) =>
    barEndLabel({ value, text, ...bounds, rtl });

  let mainBounds: { min: number; max: number; interval?: number };
  if (mode.average) {
    mainBounds = npsAxisBounds(rows.map((row) => row.Value));
    series.push({
      type: 'bar',
      name: texts.nps,
      stack: 'nps',
      barMaxWidth: 24,
      data: rows.map((row) => ({
        value: row.Value ?? '-',
        itemStyle: { color: averageBarColor(row) },
        label: label(row.Value, formats.score(row.Value), mainBounds),
      })),
    });
    // The legend explains the two colours: empty series in the same stack (so they take no room of their own).
    const key = (name: string, color: string): BarSeriesOption => ({
      type: 'bar',
      name,
      stack: 'nps',
      itemStyle: { color },
      data: [],
    });
    series.push(key(texts.netAbove, BAND_COLORS.green), key(texts.netNotAbove, BAND_COLORS.red));
  } else {
    const wings = rows.map((row) => impactWings(row, mode.wings));
    mainBounds = impactAxisBounds(wings.flatMap((wing) => [wing.negative, wing.positive]));
    const wing = (side: 'negative' | 'positive', name: string, color: string): BarSeriesOption => ({
      type: 'bar',
      name,
      stack: 'impact',
      barMaxWidth: 24,
      itemStyle: { color },
      data: wings.map((item) => ({
        value: item[side] ?? '-',
        label: label(item[side], formats.deviation(item[side]), mainBounds),
      })),
    });
    if (wings.some((item) => item.negative !== null)) {
      series.push(wing('negative', texts.negative, BAND_COLORS.red));
    }
    if (wings.some((item) => item.positive !== null)) {
      series.push(wing('positive', texts.positive, BAND_COLORS.green));
    }
  }
  const npsPanel = mode.npsImpact && rows.some((row) => row.ImpactNps !== null);
  const npsBounds = impactAxisBounds(rows.map((row) => row.ImpactNps));
  if (npsPanel) {
    series.push({
      type: 'bar',
      name: texts.npsImpact,
      xAxisIndex: 1,
      yAxisIndex: 1,
      barMaxWidth: 24,
      itemStyle: { color: NPS_IMPACT_COLOR },
      data: rows.map((row) => ({
        value: row.ImpactNps ?? '-',
        label: label(row.ImpactNps, formats.deviation(row.ImpactNps), npsBounds),
      })),
    });
  }

  const legendNames = mode.average
    ? [texts.netAbove, texts.netNotAbove, ...(npsPanel ? [texts.npsImpact] : [])]
    : series.map((item) => String(item.name));
  const legend = mode.average || series.length > 1;
  const top = legend ? 32 : 8;
  // Room under the panels for the tick labels, and for the axis names when there are two panels to tell apart.
  const bottom = npsPanel ? 40 : 24;
  const split = `${Math.round(100 * (1 - MAIN_PANEL_SHARE))}%`;
  const grids = npsPanel
    ? [
        { top, bottom, [start]: 8, [end]: split },
        { top, bottom, [start]: `${Math.round(100 * MAIN_PANEL_SHARE) + 5}%`, [end]: 24 },
      ]
    : [{ top, bottom, [start]: 8, [end]: 56 }];
  const valueAxis = (index: number, bounds: { min: number; max: number }, name?: string) => ({
    type: 'value' as const,
    gridIndex: index,
    ...bounds,
    inverse: rtl,
    ...(name ? { name, nameLocation: 'middle' as const, nameGap: 26 } : {}),
    axisLabel: { formatter: (value: number) => formats.tick(value), hideOverlap: true },
  });
  const categoryAxis = (index: number) => ({
    type: 'category' as const,
    gridIndex: index,
    inverse: true,
    position: start,
    // Index names, so two categories cut to the same 20 characters stay two rows.
    data: rows.map((_, row) => String(row)),
    axisLabel:
      index === 0
        ? { formatter: (value: string) => rows[Number(value)]?.ShortCategory ?? '' }
        : { show: false },
    // The names stay at the grid's side, not on the zero line between the wings.
    axisLine: { onZero: false },
    axisTick: { show: false },
  });

  return {
    animation: false,
    legend: legend
      ? // The colour key of the average mode hides nothing when clicked.
        { top: 0, [start]: 0, data: legendNames, ...(mode.average ? { selectedMode: false } : {}) }
      : undefined,
    grid: grids,
    tooltip: showTooltip
      ? {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          confine: true,
          formatter: (params) => {
            const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
            const row = rows[index];
            return row ? impactTooltip({ row, mode, texts, formats }) : '';
          },
        }
      : { show: false },
    xAxis: npsPanel
      ? [
          valueAxis(0, mainBounds, mode.average ? texts.nps : texts.impact),
          valueAxis(1, npsBounds, texts.npsImpact),
        ]
      : [valueAxis(0, mainBounds)],
    yAxis: npsPanel ? [categoryAxis(0), categoryAxis(1)] : [categoryAxis(0)],
    series,
  };
}

/** What a screen reader hears for the chart: each category with its impact (or NPS) and responses. */
export function impactSummary({
  rows,
  mode,
  texts,
  formats,
}: {
  rows: readonly ImpactRow[];
  mode: ImpactMode;
  texts: ImpactTexts;
  formats: NumberFormats;
}): string {
  return rows
    .map((row) => {
      const parts = mode.average
        ? [
            `${texts.nps} ${formats.score(row.Value)}`,
            `${texts.impact} ${formats.deviation(netImpactOf(row))}`,
          ]
        : (() => {
            const { negative, positive } = impactWings(row, mode.wings);
            return [
              ...(positive !== null ? [`${texts.positive} ${formats.deviation(positive)}`] : []),
              ...(negative !== null ? [`${texts.negative} ${formats.deviation(negative)}`] : []),
            ];
          })();
      if (mode.npsImpact && row.ImpactNps !== null)
        parts.push(`${texts.npsImpact} ${formats.deviation(row.ImpactNps)}`);
      parts.push(`${texts.responses} ${formats.count(row.Responses)}`);
      return `${row.Category}: ${parts.join(', ')}`;
    })
    .join('; ');
}
