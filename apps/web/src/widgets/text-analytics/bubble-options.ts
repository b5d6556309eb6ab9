import type { ScatterSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { SentimentSlice } from '@loupe/contracts';
import {
  fitLabel,
  SENTIMENT_COLORS,
  SLICE_ORDER,
  sliceCounts,
  type BubbleNode,
  type BubbleRow,
} from './bubble-layout';
import { escapeHtml, shareOf, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * The topics bubble chart's ECharts option (reports spec §3 bubble chart; docs/widgets-text-analytics.md): a
 * scatter series on hidden value axes measured in pixels, so each packed bubble (bubble-layout.ts) sits where the
 * layout put it at the size it was given. Pure, so the tests assert what is drawn.
 */

export type TopicBubbleOption = ComposeOption<
  ScatterSeriesOption | GridComponentOption | TooltipComponentOption
>;

/** The words the chart shows, translated by the view. */
export type BubbleTexts = {
  comments: string;
  /** Share of the selection's analysed comments that mention the topic. */
  share: string;
  slices: Readonly<Record<SentimentSlice, string>>;
};

/** A topic's tooltip: its name, comment count, share of comments, and each slice's count and share. */
export function bubbleTooltip(row: BubbleRow, texts: BubbleTexts, formats: NumberFormats): string {
  const counts = sliceCounts(row);
  const lines = [
    `<strong>${escapeHtml(row.CategoryLabel || row.Category)}</strong>`,
    `${escapeHtml(texts.comments)}: ${escapeHtml(formats.count(row.TotalCount))}`,
    `${escapeHtml(texts.share)}: ${escapeHtml(formats.percent(row.Percent))}`,
    ...SLICE_ORDER.map((slice) => {
      const dot = `<span style="display:inline-block;inline-size:8px;block-size:8px;border-radius:50%;background:${SENTIMENT_COLORS[slice]};margin-inline-end:6px"></span>`;
      const share = formats.percent(shareOf(counts[slice], row.TotalCount));
      return `${dot}${escapeHtml(texts.slices[slice])}: ${escapeHtml(formats.count(counts[slice]))} (${escapeHtml(share)})`;
    }),
  ];
  return lines.join('<br/>');
}

/** Bubbles this wide or wider show the share of comments under the name. */
const SHARE_LABEL_MIN_DIAMETER = 56;

/**
 * The chart: bubbles at their packed places in a `width` × `height` pixel box (the middle at 0, 0). A drilled
 * topic (`selected`) is outlined and the others dimmed. Right to left, the layout is mirrored.
 */
export function topicBubbleOption({
  nodes,
  width,
  height,
  texts,
  formats,
  selected = null,
  showTooltip = true,
  rtl = false,
}: {
  nodes: readonly BubbleNode[];
  width: number;
  height: number;
  texts: BubbleTexts;
  formats: NumberFormats;
  /** The TopicId drilled into. */
  selected?: number | null;
  showTooltip?: boolean;
  rtl?: boolean;
}): TopicBubbleOption {
  const halfWidth = Math.max(1, width / 2);
  const halfHeight = Math.max(1, height / 2);
  return {
    animationDuration: 300,
    grid: { left: 0, right: 0, top: 0, bottom: 0, containLabel: false },
    xAxis: { type: 'value', min: -halfWidth, max: halfWidth, show: false, inverse: rtl },
    yAxis: { type: 'value', min: -halfHeight, max: halfHeight, show: false, inverse: true },
    tooltip: {
      show: showTooltip,
      trigger: 'item',
      confine: true,
      formatter: (params) => {
        const node = nodes[(params as { dataIndex: number }).dataIndex];
        return node ? bubbleTooltip(node.row, texts, formats) : '';
      },
    },
    series: [
      {
        type: 'scatter',
        cursor: 'pointer',
        data: nodes.map((node) => {
          const diameter = 2 * node.r;
          const name = fitLabel(node.row.CategoryLabel || node.row.Category, diameter);
          const share =
            diameter >= SHARE_LABEL_MIN_DIAMETER && name ? `\n${formats.percent(node.row.Percent)}` : '';
          // Right to left, a name is isolated so a Latin name keeps its ellipsis at its end.
          const text = rtl && name ? `\u2068${name}\u2069` : name;
          const marked = selected !== null && node.row.TopicId === selected;
          const dimmed = selected !== null && !marked;
          return {
            value: [node.x, node.y],
            name: node.row.CategoryLabel || node.row.Category,
            symbolSize: diameter,
            itemStyle: {
              color: node.color,
              opacity: dimmed ? 0.3 : 0.92,
              borderColor: marked ? '#1f1f1f' : '#ffffff',
              borderWidth: marked ? 3 : 1,
            },
            label: {
              show: name !== '',
              position: 'inside',
              formatter: `${text}${share}`,
              color: node.textColor,
              fontSize: 12,
              lineHeight: 15,
              opacity: dimmed ? 0.5 : 1,
            },
          };
        }),
        emphasis: { scale: 1.06, label: { show: true } },
      },
    ],
  };
}

/** What a screen reader reads for the chart: the number of topics and the most mentioned one. */
export function bubbleSummary(
  rows: readonly BubbleRow[],
  summary: (values: { count: number; top: string; comments: string; share: string }) => string,
  formats: NumberFormats,
): string {
  const top = rows.reduce<BubbleRow | undefined>(
    (best, row) => (best === undefined || row.TotalCount > best.TotalCount ? row : best),
    undefined,
  );
  return summary({
    count: rows.length,
    top: top ? top.CategoryLabel || top.Category : '',
    comments: formats.count(top?.TotalCount ?? 0),
    share: formats.percent(top?.Percent ?? null),
  });
}
