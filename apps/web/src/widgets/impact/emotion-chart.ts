import type { LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { CHART_PALETTE, npsBandColor, type EmotionCurveRow } from '@loupe/contracts';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * The emotion curve (EmotionCurveChart; reports spec §3 "emotion curve rows", §9 colours, palette): one line per
 * emotion across the journey stages, each point in its band colour (below 0 red, 0–40 yellow, above 40 green).
 * Pure, so the view only draws and the tests assert what is drawn.
 */

export type EmotionChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
>;

/** The curve's value range (reports spec §3: −100..100). */
const EMOTION_MIN = -100;
const EMOTION_MAX = 100;
/** The band boundaries drawn as faint lines: 0 and 40. */
const EMOTION_BAND_LINES = [0, 40] as const;

export type EmotionCurves = {
  /** The journey stages in the order the answer gives them (first appearance of each StageId). */
  stages: { id: number; name: string }[];
  /**
   * One curve per emotion with a value somewhere, in the order they first appear; values per stage, null where it
   * has none.
   */
  curves: { name: string; values: (number | null)[] }[];
};

/** The rows arranged as stages × emotions. */
export function emotionCurves(rows: readonly EmotionCurveRow[]): EmotionCurves {
  const stageIndex = new Map<number, number>();
  const stages: EmotionCurves['stages'] = [];
  for (const row of rows) {
    if (stageIndex.has(row.StageId)) continue;
    stageIndex.set(row.StageId, stages.length);
    stages.push({ id: row.StageId, name: row.Stage });
  }
  const curves = new Map<string, (number | null)[]>();
  for (const row of rows) {
    let values = curves.get(row.Category);
    if (!values) {
      values = stages.map(() => null);
      curves.set(row.Category, values);
    }
    values[stageIndex.get(row.StageId)!] = row.Value;
  }
  // The answer holds every emotion at every stage; one without a value anywhere has no line to draw.
  return {
    stages,
    curves: [...curves]
      .filter(([, values]) => values.some((value) => value !== null))
      .map(([name, values]) => ({ name, values })),
  };
}

/** The line colour of the `index`th emotion (the 20-colour palette, repeated). */
function emotionLineColor(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length]!;
}

/** A tooltip for one stage: its name and each emotion's value (n1) behind a dot of the value's band colour. */
export function emotionTooltip(curves: EmotionCurves, stageIndex: number, formats: NumberFormats): string {
  const stage = curves.stages[stageIndex];
  if (!stage) return '';
  const dot = (color: string) =>
    `<span style="display:inline-block;inline-size:8px;block-size:8px;border-radius:50%;background:${color};margin-inline-end:6px"></span>`;
  return [
    `<strong>${escapeHtml(stage.name)}</strong>`,
    ...curves.curves
      .filter((curve) => curve.values[stageIndex] !== null)
      .map((curve) => {
        const value = curve.values[stageIndex] ?? null;
        return `${dot(npsBandColor(value))}${escapeHtml(curve.name)}: ${formats.score(value)}`;
      }),
  ].join('<br/>');
}

/**
 * The ECharts option: stages along the category axis (from the right, right to left), −100..100 up the value
 * axis with faint lines at the band boundaries, one palette-coloured line per emotion whose points take the band
 * colour of their value; a legend to show or hide emotions.
 */
export function emotionOption({
  curves,
  formats,
  rtl = false,
  showTooltip = true,
}: {
  curves: EmotionCurves;
  formats: NumberFormats;
  rtl?: boolean;
  showTooltip?: boolean;
}): EmotionChartOption {
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  return {
    animation: false,
    legend: { type: 'scroll', top: 0, [start]: 0, [end]: 0, data: curves.curves.map((curve) => curve.name) },
    grid: { top: 40, bottom: 28, [start]: 8, [end]: 24 },
    tooltip: showTooltip
      ? {
          trigger: 'axis',
          confine: true,
          formatter: (params) => {
            const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
            return emotionTooltip(curves, index, formats);
          },
        }
      : { show: false },
    xAxis: {
      type: 'category',
      // Stages are steps, not a continuum: each point in the middle of its stage, the names fully under them.
      boundaryGap: true,
      inverse: rtl,
      data: curves.stages.map((stage) => stage.name),
      axisLabel: { interval: 0, width: 110, overflow: 'truncate' },
    },
    yAxis: {
      type: 'value',
      min: EMOTION_MIN,
      max: EMOTION_MAX,
      interval: 20,
      position: start,
      axisLabel: { formatter: (value: number) => formats.tick(value) },
    },
    series: curves.curves.map((curve, index) => ({
      type: 'line',
      name: curve.name,
      color: emotionLineColor(index),
      symbol: 'circle',
      symbolSize: 10,
      connectNulls: false,
      lineStyle: { width: 2 },
      data: curve.values.map((value) =>
        value === null
          ? null
          : { value, itemStyle: { color: npsBandColor(value), borderColor: '#ffffff', borderWidth: 1.5 } },
      ),
      ...(index === 0
        ? {
            markLine: {
              silent: true,
              symbol: 'none',
              label: { show: false },
              lineStyle: { type: 'dashed', color: '#bfbfbf', width: 1 },
              data: EMOTION_BAND_LINES.map((value) => ({ yAxis: value })),
            },
          }
        : {}),
    })),
  };
}

/** What a screen reader hears: each emotion with its value at each stage. */
export function emotionSummary(curves: EmotionCurves, formats: NumberFormats): string {
  return curves.curves
    .map((curve) => {
      const points = curve.values.flatMap((value, index) =>
        value === null ? [] : [`${curves.stages[index]?.name ?? ''} ${formats.score(value)}`],
      );
      return `${curve.name}: ${points.join(', ')}`;
    })
    .join('; ');
}
