import type { GaugeSeriesOption, BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import {
  bandColor,
  NPS_GAUGE_BANDS,
  scoreGaugeBands,
  type Band,
  type CardData,
  type NpsGaugeData,
  type SegmentedGaugeData,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { WidgetConfig } from '@/widgets/shared/widget-layout';
import {
  deviationOf,
  escapeHtml,
  roundOneDecimal,
  shareOf,
  type NumberFormats,
} from '@/widgets/shared/widget-format';

/*
 * The score widgets' maths and chart options (reports spec §3 data shapes, §9 gauge bands and number formats):
 * NPS and score gauges, segment gauges, cards and ranking cards. Pure, so the views only draw and the tests
 * assert the figures.
 */

export type GaugeChartOption = ComposeOption<GaugeSeriesOption>;
export type SegmentBarOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** The NPS gauge's range (reports spec §9). */
export const NPS_RANGE = { min: -100, max: 100 } as const;

/** A score gauge's range: 0..10 on scale 11, 1..5 on scale 5. */
export function scoreRangeOf(scale: 11 | 5): { min: number; max: number } {
  return scale === 5 ? { min: 1, max: 5 } : { min: 0, max: 10 };
}

/** The question scale of a widget: dataFilters.Scale, 11 when unset (reports spec §4). */
export function scaleOf(dataFilters: WidgetDataFilters): 11 | 5 {
  return dataFilters.Scale === 5 ? 5 : 11;
}

const BAND_KEYS = [
  ['redStart', 'redEnd', 'red'],
  ['yellowStart', 'yellowEnd', 'yellow'],
  ['greenStart', 'greenEnd', 'green'],
] as const;

/**
 * The gauge bands of Config.gaugeBands ({redStart, redEnd, yellowStart, …}, reports spec §3), lowest first, in
 * the band colours of `fallback`; `fallback` itself when the config has none or a band is not two numbers.
 */
export function gaugeBandsOf(config: WidgetConfig, fallback: readonly Band[]): readonly Band[] {
  const bands = config.gaugeBands;
  if (typeof bands !== 'object' || bands === null) return fallback;
  const values = bands as Record<string, unknown>;
  const colours = { red: fallback[0]?.color, yellow: fallback[1]?.color, green: fallback[2]?.color };
  const result: Band[] = [];
  for (const [start, end, colour] of BAND_KEYS) {
    const from = values[start];
    const to = values[end];
    const color = colours[colour];
    if (typeof from !== 'number' || typeof to !== 'number' || from > to || !color) return fallback;
    result.push({ from, to, color });
  }
  return result.sort((a, b) => a.from - b.from);
}

/** The NPS gauge's bands: Config.gaugeBands, else −100..0 red, 0..30 yellow, 30..100 green. */
export function npsGaugeBands(config: WidgetConfig): readonly Band[] {
  return gaugeBandsOf(config, NPS_GAUGE_BANDS);
}

/** A score gauge's bands: Config.gaugeBands, else those of the scale. */
export function scoreGaugeBandsOf(config: WidgetConfig, scale: 11 | 5): readonly Band[] {
  return gaugeBandsOf(config, scoreGaugeBands(scale));
}

/**
 * ECharts' gauge axis colours: each band's end as a fraction of the range, with its colour; the last stop is the
 * range's end, so the whole arc is coloured.
 */
export function gaugeStops(bands: readonly Band[], min: number, max: number): [number, string][] {
  const span = max - min;
  const stops = bands.map((band): [number, string] => [
    Math.min(1, Math.max(0, (band.to - min) / span)),
    band.color,
  ]);
  const last = stops.at(-1);
  if (last) last[0] = 1;
  return stops;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A gauge: the arc in band colours over [min, max], a needle at `value` (kept on the arc when outside it), the
 * value written below the centre in its band's colour, and tick labels every `step`.
 */
export function gaugeOption({
  value,
  min,
  max,
  step,
  bands,
  valueText,
  tickText,
  compact = false,
}: {
  value: number;
  min: number;
  max: number;
  step: number;
  bands: readonly Band[];
  valueText: string;
  tickText: (tick: number) => string;
  /** A small gauge (one segment among others): thinner, no tick labels. */
  compact?: boolean;
}): GaugeChartOption {
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        splitNumber: Math.round((max - min) / step),
        startAngle: 200,
        endAngle: -20,
        radius: compact ? '95%' : '90%',
        center: ['50%', compact ? '60%' : '58%'],
        axisLine: { lineStyle: { width: compact ? 8 : 14, color: gaugeStops(bands, min, max) } },
        pointer: { width: compact ? 3 : 5, length: '60%', itemStyle: { color: 'auto' } },
        anchor: { show: true, size: compact ? 6 : 10, itemStyle: { color: '#595959' } },
        axisTick: { show: false },
        splitLine: { show: !compact, length: 14, distance: -14, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: { show: !compact, distance: 20, color: '#8c8c8c', fontSize: 11, formatter: tickText },
        title: { show: false },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, compact ? '45%' : '40%'],
          fontSize: compact ? 16 : 28,
          fontWeight: 600,
          // Coloured as written: 3.96 shows as 4.0, in the band of 4.
          color: bandColor(roundOneDecimal(value), bands) ?? 'inherit',
          formatter: () => valueText,
        },
        data: [{ value: clamp(value, min, max) }],
      },
    ],
  };
}

export type NpsShare = { key: 'promoters' | 'neutrals' | 'detractors'; count: number; share: number | null };

/** Promoters, neutrals and detractors with their share of the responses (0..100). */
export function npsBreakdown(data: NpsGaugeData): NpsShare[] {
  return [
    { key: 'promoters', count: data.Promoters, share: shareOf(data.Promoters, data.Responses) },
    { key: 'neutrals', count: data.Neutrals, share: shareOf(data.Neutrals, data.Responses) },
    { key: 'detractors', count: data.Detractors, share: shareOf(data.Detractors, data.Responses) },
  ];
}

/** The NPS gauge's deviation: this period's NPS minus the previous period's (DeviationValue). */
export function npsDeviation(data: NpsGaugeData): number | null {
  return deviationOf(data.Value, data.DeviationValue);
}

/** Whether a widget shows deviations (Config.showDeviation); the figure is there only when Deviate is on. */
export function showsDeviation(config: WidgetConfig): boolean {
  return config.showDeviation === true;
}

/** Whether a card shows its score as a whole number (dataFilters.ShowAsInteger or Config.showAsInteger). */
export function showsAsInteger(config: WidgetConfig, dataFilters: WidgetDataFilters): boolean {
  return dataFilters.ShowAsInteger === true || config.showAsInteger === true;
}

/** What a card shows: Config.valueField 'Responses' (a count) or 'Value' (the score, the default). */
export function cardValueField(config: WidgetConfig): 'Value' | 'Responses' {
  return config.valueField === 'Responses' ? 'Responses' : 'Value';
}

export type CardFigure = {
  text: string;
  /** The deviation to show beside it; null when there is none to show. */
  deviation: number | null;
};

/**
 * A card's figure: the response count (n0) with its change on the previous period's ResponsesOrigin, or the
 * score (n1, or n0 with ShowAsInteger) with its Deviation (Value minus the previous period's ValueOrigin).
 */
export function cardFigure({
  data,
  field,
  integer,
  formats,
}: {
  data: CardData;
  field: 'Value' | 'Responses';
  integer: boolean;
  formats: NumberFormats;
}): CardFigure {
  if (field === 'Responses') {
    return {
      text: formats.count(data.Responses),
      deviation: deviationOf(data.Responses, data.ResponsesOrigin),
    };
  }
  return {
    text: integer ? formats.integer(data.Value) : formats.score(data.Value),
    deviation: data.Deviation ?? deviationOf(data.Value, data.ValueOrigin),
  };
}

/** Reports spec §4: a ranking card shows ranking/total, "3 / 12". */
export function rankingText(data: CardData, formats: NumberFormats): string {
  return `${formats.count(data.Ranking)} / ${formats.count(data.TotalCount)}`;
}

/** Up to this many segments get a small gauge each; more are drawn as bars. */
export const SEGMENT_GAUGES_MAX = 6;

/**
 * The segment bars (when there are more than SEGMENT_GAUGES_MAX segments): one horizontal bar per segment, in
 * the order given, coloured by its band, its NPS written at its end.
 */
export function segmentBarOption({
  data,
  bands,
  formats,
  responsesLabel,
}: {
  data: SegmentedGaugeData;
  bands: readonly Band[];
  formats: NumberFormats;
  /** "120 responses" for a count. */
  responsesLabel: (count: number) => string;
}): SegmentBarOption {
  const segments = data.SegmentData;
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const index = (params as { dataIndex: number }).dataIndex;
        const segment = segments[index];
        if (!segment) return '';
        return `${escapeHtml(segment.SegmentName)}<br/>${formats.score(segment.SegmentValue)} · ${responsesLabel(segment.SegmentResponseCount)}`;
      },
    },
    xAxis: { type: 'value', min: NPS_RANGE.min, max: NPS_RANGE.max, axisLabel: { formatter: formats.tick } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: segments.map((segment) => segment.SegmentName),
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 24,
        data: segments.map((segment) => ({
          value: segment.SegmentValue ?? 0,
          itemStyle: { color: bandColor(segment.SegmentValue, bands) ?? '#bfbfbf' },
        })),
        label: {
          show: true,
          position: 'right',
          formatter: (params) =>
            formats.score(segments[(params as { dataIndex: number }).dataIndex]?.SegmentValue ?? null),
        },
      },
    ],
  };
}
