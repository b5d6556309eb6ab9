import type { BarSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { BAND_COLORS, CHART_PALETTE, TopPhraseStatus, type TopPhraseRow } from '@loupe/contracts';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';
import { barChartFrame, categoryAxis, performanceChartHeight } from '@/widgets/performance/performance-chart';

/*
 * The top-phrases chart (ExperiencePerformanceChart; reports spec §3 "top phrase rows", §4 status codes, §9):
 * one horizontal bar per phrase, as long as its occurrences. Pure, so the view only draws and the tests assert
 * what is drawn.
 */

export type PhrasesChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption
>;

/** The room a phrase's bar and name need: fewer pixels and the names overlap. */
const PHRASE_ROW_HEIGHT = 24;
/** The grid's top and bottom margins (phrasesOption). */
const PHRASE_GRID_MARGINS = 32;

/** The chart's height (reports spec §9): 250 px up to 6 phrases, 800 px beyond. */
export function phrasesHeight(rowCount: number): number {
  return performanceChartHeight(rowCount);
}

/**
 * The phrases in view when there are more than fit the height at PHRASE_ROW_HEIGHT each (a Limit up to 100): the
 * most frequent (the first rows, at the top), with a scroll bar for the others; null when all fit.
 */
function phrasesWindow(rowCount: number): { startValue: number; endValue: number } | null {
  const fit = Math.floor((phrasesHeight(rowCount) - PHRASE_GRID_MARGINS) / PHRASE_ROW_HEIGHT);
  return rowCount > fit ? { startValue: 0, endValue: fit - 1 } : null;
}

/**
 * What a status row says, or null when the answer has phrases (reports spec §4: 1 language not supported,
 * 2 language model not available, 3 no data).
 */
export function phrasesStatusOf(rows: readonly TopPhraseRow[]): number | null {
  const first = rows[0];
  if (rows.length === 1 && first && first.StatusCode !== TopPhraseStatus.Ok) return first.StatusCode;
  return null;
}

/**
 * The bars' colour: the sentiment's when the widget shows the phrases of one sentiment (SentimentFilter [4]
 * green, [2] yellow, [0] red), else the palette's first.
 */
export function phrasesColor(sentimentFilter: unknown): string {
  if (Array.isArray(sentimentFilter) && sentimentFilter.length === 1) {
    const [score] = sentimentFilter as unknown[];
    if (score === 4) return BAND_COLORS.green;
    if (score === 2) return BAND_COLORS.yellow;
    if (score === 0) return BAND_COLORS.red;
  }
  return CHART_PALETTE[0];
}

/** The texts the chart shows, translated by the view. */
export type PhrasesTexts = { occurrences: string; responses: string };

/** A tooltip: the phrase, its occurrences and the responses that hold it (n0). */
export function phrasesTooltip(row: TopPhraseRow, texts: PhrasesTexts, formats: NumberFormats): string {
  return [
    `<strong>${escapeHtml(row.Category)}</strong>`,
    `${escapeHtml(texts.occurrences)}: ${formats.count(row.Value)}`,
    `${escapeHtml(texts.responses)}: ${formats.count(row.Responses)}`,
  ].join('<br/>');
}

/**
 * The ECharts option: phrases top to bottom in the answer's order (most frequent first), each bar labelled with
 * its occurrences; beyond what the height holds, the first ones in view and a scroll bar. Right to left, the bars grow from the right and the phrases stand on the right.
 */
export function phrasesOption({
  rows,
  texts,
  formats,
  color,
  rtl = false,
  showTooltip = true,
}: {
  rows: readonly TopPhraseRow[];
  texts: PhrasesTexts;
  formats: NumberFormats;
  color: string;
  rtl?: boolean;
  showTooltip?: boolean;
}): PhrasesChartOption {
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const window = phrasesWindow(rows.length);
  return {
    ...barChartFrame({
      rows,
      window,
      rtl,
      showTooltip,
      describe: (row) => phrasesTooltip(row, texts, formats),
    }),
    xAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      inverse: rtl,
      axisLabel: { formatter: (value: number) => formats.count(value) },
    },
    yAxis: categoryAxis(
      rows.map((row) => row.Category),
      start,
    ),
    series: [
      {
        type: 'bar',
        name: texts.occurrences,
        barMaxWidth: 24,
        itemStyle: { color },
        label: { show: true, position: end, formatter: (params) => formats.count(Number(params.value)) },
        data: rows.map((row) => row.Value),
      },
    ],
  };
}

/** What a screen reader hears: each phrase with its occurrences. */
export function phrasesSummary(
  rows: readonly TopPhraseRow[],
  texts: PhrasesTexts,
  formats: NumberFormats,
): string {
  return `${texts.occurrences}: ${rows.map((row) => `${row.Category} ${formats.count(row.Value)}`).join('; ')}`;
}
