import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { CHART_PALETTE, type Funnel, type SurveyStatistics } from '@loupe/contracts';
import { barChartFrame, categoryAxis } from '@/widgets/performance/performance-chart';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * The statistics screens' charts as data (issue 16 §4): the funnel as bars with each stage's share of the
 * invited, the funnel over time as lines, a question's answers per choice as bars. Pure, so the views only draw
 * and the tests assert what is drawn. The bar charts share the widgets' horizontal bar frame (grid, tooltip, the
 * names on the start side), so right to left they mirror as the widgets do.
 */

export type StatisticsChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | LegendComponentOption
>;

/** The funnel's stages, in order. */
export const FUNNEL_STAGES = ['Invited', 'Sent', 'Delivered', 'Opened', 'Started', 'Completed'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export type FunnelStep = {
  stage: FunnelStage;
  count: number;
  /** The stage's count ÷ invited, 0-1; null when nobody was invited. */
  ofInvited: number | null;
};

/** Each stage with its count and its share of the invited. */
export function funnelSteps(funnel: Funnel): FunnelStep[] {
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    count: funnel[stage],
    ofInvited: funnel.Invited > 0 ? funnel[stage] / funnel.Invited : null,
  }));
}

/** A 0-1 rate as the percentage NumberFormats.percent writes (0-100); null stays null. */
export function percentOf(rate: number | null): number | null {
  return rate === null ? null : rate * 100;
}

/** True when a funnel counts nobody: the screens show their empty state. */
export function isEmptyFunnel(funnel: Funnel): boolean {
  return FUNNEL_STAGES.every((stage) => funnel[stage] === 0);
}

/** A bar's label: the count, and its share in brackets when there is one ("1,234 (45.6%)"). */
function countAndShare(count: number, share: number | null, formats: NumberFormats): string {
  return share === null
    ? formats.count(count)
    : `${formats.count(count)} (${formats.percent(percentOf(share))})`;
}

type BarRow = { name: string; count: number; share: number | null };

/**
 * Horizontal bars, first row on top, each labelled with its count and share; the tooltip says the same. Right
 * to left, the bars grow from the right and the names stand on the right.
 */
function shareBarsOption({
  rows,
  color,
  seriesName,
  formats,
  rtl,
}: {
  rows: readonly BarRow[];
  color: string;
  seriesName: string;
  formats: NumberFormats;
  rtl: boolean;
}): StatisticsChartOption {
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const frame = barChartFrame({
    rows,
    window: null,
    rtl,
    showTooltip: true,
    describe: (row) =>
      `<strong>${escapeHtml(row.name)}</strong><br/>${countAndShare(row.count, row.share, formats)}`,
  });
  return {
    ...frame,
    // Room for "12,345 (100.0%)" at the bars' end.
    grid: { ...frame.grid, [end]: 112, containLabel: true },
    xAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      inverse: rtl,
      axisLabel: { formatter: (value: number) => formats.count(value) },
    },
    yAxis: categoryAxis(
      rows.map((row) => row.name),
      start,
    ),
    series: [
      {
        type: 'bar',
        name: seriesName,
        barMaxWidth: 28,
        itemStyle: { color },
        label: {
          show: true,
          position: end,
          formatter: (params) => {
            const row = rows[params.dataIndex];
            return row ? countAndShare(row.count, row.share, formats) : '';
          },
        },
        data: rows.map((row) => row.count),
      },
    ],
  };
}

/** The funnel: one bar per stage, as long as its count, labelled with its share of the invited. */
export function funnelOption({
  funnel,
  stageLabel,
  formats,
  rtl,
}: {
  funnel: Funnel;
  stageLabel: (stage: FunnelStage) => string;
  formats: NumberFormats;
  rtl: boolean;
}): StatisticsChartOption {
  return shareBarsOption({
    rows: funnelSteps(funnel).map((step) => ({
      name: stageLabel(step.stage),
      count: step.count,
      share: step.ofInvited,
    })),
    color: CHART_PALETTE[0],
    seriesName: stageLabel('Invited'),
    formats,
    rtl,
  });
}

type Question = SurveyStatistics['Questions'][number];

/** A closed question's answers: one bar per choice, labelled with its share of the answers counted. */
export function distributionOption({
  question,
  seriesName,
  formats,
  rtl,
}: {
  question: Question;
  seriesName: string;
  formats: NumberFormats;
  rtl: boolean;
}): StatisticsChartOption {
  const total = question.Distribution.reduce((sum, choice) => sum + choice.Count, 0);
  return shareBarsOption({
    rows: question.Distribution.map((choice) => ({
      name: choice.Label,
      count: choice.Count,
      share: total > 0 ? choice.Count / total : null,
    })),
    color: CHART_PALETTE[4],
    seriesName,
    formats,
    rtl,
  });
}

/** A distribution chart's height: 28 px per choice, at least 120. */
export function distributionHeight(choiceCount: number): number {
  return Math.max(120, choiceCount * 28 + 32);
}

/**
 * The funnel over time: a line per stage over the periods (oldest first, as the API sends them), with a legend to
 * hide stages. Right to left, time runs from the right and the counts stand on the right.
 */
export function overTimeOption({
  rows,
  periodLabel,
  stageLabel,
  formats,
  rtl,
}: {
  rows: readonly (Funnel & { Period: string })[];
  periodLabel: (period: string) => string;
  stageLabel: (stage: FunnelStage) => string;
  formats: NumberFormats;
  rtl: boolean;
}): StatisticsChartOption {
  return {
    animation: false,
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (value) => formats.count(typeof value === 'number' ? value : null),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      inverse: rtl,
      data: rows.map((row) => periodLabel(row.Period)),
    },
    yAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      position: rtl ? 'right' : 'left',
      axisLabel: { formatter: (value: number) => formats.tick(value) },
    },
    series: FUNNEL_STAGES.map((stage, index) => ({
      type: 'line',
      name: stageLabel(stage),
      color: CHART_PALETTE[index % CHART_PALETTE.length],
      symbolSize: 6,
      data: rows.map((row) => row[stage]),
    })),
  };
}

/** What a screen reader hears of a funnel: each stage with its count and share. */
export function funnelSummary(
  funnel: Funnel,
  stageLabel: (stage: FunnelStage) => string,
  formats: NumberFormats,
): string {
  return funnelSteps(funnel)
    .map((step) => `${stageLabel(step.stage)} ${countAndShare(step.count, step.ofInvited, formats)}`)
    .join('; ');
}
