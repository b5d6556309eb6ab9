import type { BarSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { BRANCH_CHART_DEFAULT_CATEGORIES, npsBandColor, type SentimentBranchRow } from '@loupe/contracts';
import { branchBarLabel } from './impact-bar-label';
import {
  categoryAxis,
  branchWindow,
  barChartFrame,
  npsAxisBounds,
  performanceChartHeight,
} from '@/widgets/performance/performance-chart';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * Sentiment by branch (SentimentBranchPerformanceChart; reports spec §3 "sentiment branch rows", §9 colours,
 * heights, first 15): one horizontal bar per branch, as long as its net sentiment, in its band colour (below 0
 * red, 0–40 yellow, above 40 green). Heights, the 15-bar window and the labels are the branch chart's rules
 * (performance-chart.ts). Pure, so the view only draws and the tests assert what is drawn.
 */

export type SentimentBranchOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption
>;

/** The chart's height: 250 px up to 6 bars in view, 800 px beyond; at most 15 are in view (branchWindow). */
export function sentimentBranchHeight(rowCount: number): number {
  return performanceChartHeight(Math.min(rowCount, BRANCH_CHART_DEFAULT_CATEGORIES));
}

/** The texts the chart shows, translated by the view. */
export type SentimentBranchTexts = { net: string; positive: string; neutral: string; negative: string };

/** A tooltip: the branch (· its parent location), net sentiment n1, positive, neutral and negative comments n0. */
export function sentimentBranchTooltip(
  row: SentimentBranchRow,
  texts: SentimentBranchTexts,
  formats: NumberFormats,
): string {
  const name = row.Location ? `${row.Category} · ${row.Location}` : row.Category;
  const lines: [string, string][] = [
    [texts.net, formats.score(row.Value)],
    [texts.positive, formats.count(row.Positive)],
    [texts.neutral, formats.count(row.Neutral)],
    [texts.negative, formats.count(row.Negative)],
  ];
  return [
    `<strong>${escapeHtml(name)}</strong>`,
    ...lines.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`),
  ].join('<br/>');
}

/**
 * The ECharts option: branches top to bottom in the answer's order, each bar labelled with its net sentiment,
 * the axis in whole 20s within −100..100. With more than 15 branches the chart opens on the first 15 (the
 * best) with a scroll bar beside it. Right to left, the axis runs from the right and the names stand on the right.
 */
export function sentimentBranchOption({
  rows,
  texts,
  formats,
  rtl = false,
  showTooltip = true,
}: {
  rows: readonly SentimentBranchRow[];
  texts: SentimentBranchTexts;
  formats: NumberFormats;
  rtl?: boolean;
  showTooltip?: boolean;
}): SentimentBranchOption {
  const start = rtl ? 'right' : 'left';
  const bounds = npsAxisBounds(rows.map((row) => row.Value));
  const window = branchWindow(rows.length);
  return {
    ...barChartFrame({
      rows,
      window,
      rtl,
      showTooltip,
      describe: (row) => sentimentBranchTooltip(row, texts, formats),
    }),
    xAxis: {
      type: 'value',
      min: bounds.min,
      max: bounds.max,
      interval: 20,
      inverse: rtl,
      axisLabel: { formatter: (value: number) => formats.tick(value) },
    },
    yAxis: {
      ...categoryAxis(
        rows.map((row) => row.Category),
        start,
      ),
      axisLine: { onZero: false },
    },
    series: [
      {
        type: 'bar',
        name: texts.net,
        barMaxWidth: 28,
        data: rows.map((row) => ({
          value: row.Value ?? '-',
          itemStyle: { color: npsBandColor(row.Value) },
          label: branchBarLabel({ value: row.Value, text: formats.score(row.Value), ...bounds, rtl }),
        })),
      },
    ],
  };
}

/** What a screen reader hears: each branch with its net sentiment. */
export function sentimentBranchSummary(
  rows: readonly SentimentBranchRow[],
  texts: SentimentBranchTexts,
  formats: NumberFormats,
): string {
  return `${texts.net}: ${rows.map((row) => `${row.Category} ${formats.score(row.Value)}`).join('; ')}`;
}
