import type { ScatterSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { DAY_MS, isoWeekMonday, npsBandColor, PARTS_OF_DAY, type DaysOfWeekRow } from '@loupe/contracts';
import { escapeHtml, type NumberFormats } from '@/widgets/shared/widget-format';

/*
 * The days-of-week bubble chart's options (reports spec §3 days-of-week rows, §9 parts of day, branch colours):
 * parts of day across, Monday to Sunday down. Pure, so the view only draws and the tests assert what is drawn.
 */

export type BubbleChartOption = ComposeOption<
  ScatterSeriesOption | GridComponentOption | TooltipComponentOption
>;

/** Bubble diameters in pixels: the busiest cell is the largest, areas grow with the response count. */
const BUBBLE_SIZE = { min: 6, max: 40 } as const;

export function bubbleSize(responses: number, maxResponses: number): number {
  if (maxResponses <= 0 || responses <= 0) return BUBBLE_SIZE.min;
  return BUBBLE_SIZE.min + (BUBBLE_SIZE.max - BUBBLE_SIZE.min) * Math.sqrt(responses / maxResponses);
}

export type DayCell = { x: number; y: number; size: number; color: string; row: DaysOfWeekRow };

/** The days-of-week cells: x the part of day (PARTS_OF_DAY), y the day (0 Monday … 6 Sunday). */
export function dayCells(rows: readonly DaysOfWeekRow[]): DayCell[] {
  const busiest = Math.max(0, ...rows.map((row) => row.Responses));
  return rows.flatMap((row) => {
    const x = (PARTS_OF_DAY as readonly string[]).indexOf(row.PartOfDay);
    if (x < 0) return [];
    return [
      {
        x,
        y: row.WeekOfDay - 1,
        size: bubbleSize(row.Responses, busiest),
        color: npsBandColor(row.Value),
        row,
      },
    ];
  });
}

/**
 * The days-of-week bubble chart: parts of day across, Monday to Sunday down, a bubble per cell with answers,
 * sized by its responses and coloured by its NPS band (below 0 red, 0 to 40 yellow, above 40 green).
 */
export function daysOfWeekOption({
  rows,
  dayNames,
  formats,
  cellText,
}: {
  rows: readonly DaysOfWeekRow[];
  /** Monday first. */
  dayNames: readonly string[];
  formats: NumberFormats;
  /** The tooltip's lines for a cell: day, part of day, NPS and responses, already formatted. */
  cellText: (cell: { day: string; part: string; value: string; responses: string }) => string[];
}): BubbleChartOption {
  const cells = dayCells(rows);
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const cell = cells[(params as { dataIndex: number }).dataIndex];
        if (!cell) return '';
        return cellText({
          day: dayNames[cell.y] ?? '',
          part: PARTS_OF_DAY[cell.x] ?? '',
          value: formats.score(cell.row.Value),
          responses: formats.count(cell.row.Responses),
        })
          .map(escapeHtml)
          .join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: [...PARTS_OF_DAY],
      boundaryGap: true,
      splitLine: { show: true, lineStyle: { type: 'dashed' } },
    },
    yAxis: {
      type: 'category',
      data: [...dayNames],
      inverse: true,
      boundaryGap: true,
      splitLine: { show: true, lineStyle: { type: 'dashed' } },
    },
    series: [
      {
        type: 'scatter',
        data: cells.map((cell) => ({
          value: [cell.x, cell.y],
          symbolSize: cell.size,
          itemStyle: { color: cell.color, opacity: 0.85 },
        })),
      },
    ],
  };
}

/** The day names Monday to Sunday in a locale (the days of the first ISO week). */
export function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date((isoWeekMonday(0) + day) * DAY_MS)));
}
