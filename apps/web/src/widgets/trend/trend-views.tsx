import type { DaysOfWeekRow, TrendRow } from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/echart';
import { bucketLabel, type BucketWords } from './trend-buckets';
import { dayCells, daysOfWeekOption, weekdayNames } from './days-of-week-options';
import {
  lastPoints,
  multiSeries,
  multiSeriesOption,
  trendMeasure,
  trendOption,
  trendValue,
} from './trend-options';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import type { WidgetViewProps } from '@/widgets/shared/view-types';
import { dataFiltersOf } from '@/widgets/shared/widget-data';
import type { WidgetConfig } from '@/widgets/shared/widget-layout';

/*
 * The trend widgets (reports spec §3 trend and days-of-week rows, §9 category types, last 35 points, palette,
 * parts of day): TrendChart, MultiSeriesChart and DaysOfWeekBubbleChart. Options are built in trend-options.ts.
 */

const TREND_HEIGHT = 240;
const DAYS_HEIGHT = 280;

/** Config.chartConfig.chartScrollbar.enabled. */
function scrollbarEnabled(config: WidgetConfig): boolean {
  const chart = config.chartConfig as { chartScrollbar?: { enabled?: unknown } } | undefined;
  return chart?.chartScrollbar?.enabled === true;
}

/** A bucket's label in the interface language. */
export function useBucketLabel(): (category: string) => string {
  const { t, i18n } = useTranslation('widgets');
  return useMemo(() => {
    const words: BucketWords = {
      week: (values) => t('trend.week', values),
      quarter: (values) => t('trend.quarter', values),
    };
    return (category: string) => bucketLabel(category, i18n.language, words);
  }, [t, i18n.language]);
}

/** A days-of-week cell's label as the chart writes it ("Monday 09-12"), in the interface language. */
export function useCellLabel(): (cell: { WeekOfDay: number; PartOfDay: string }) => string {
  const { t, i18n } = useTranslation('widgets');
  return useMemo(() => {
    const dayNames = weekdayNames(i18n.language);
    return (cell) => t('days.cell', { day: dayNames[cell.WeekOfDay - 1] ?? '', part: cell.PartOfDay });
  }, [t, i18n.language]);
}

/** A series name: the respondent groups in the interface's words, any other name as the API sends it. */
function useSeriesLabel(): (name: string) => string {
  const { t } = useTranslation('widgets');
  return useMemo(
    () => (name: string) =>
      t(`trend.series.${name.toLowerCase()}` as 'trend.series.promoters', { defaultValue: name }),
    [t],
  );
}

/**
 * TrendChart: the score (NPS in its band colours, or an average score) or the response count
 * (Config.valueField) per bucket, the last 35; rows of several SubCategories are drawn one line each, as
 * percentages (ValuePercent) when dataFilters.TrendSeriesValue is 'percentage' (the topic trend's default).
 */
export function TrendView({ widget, data }: WidgetViewProps<TrendRow[]>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const labelOf = useBucketLabel();
  const seriesLabel = useSeriesLabel();
  const dataFilters = dataFiltersOf(widget.config);
  const measure = trendMeasure(widget.config.valueField, dataFilters.MeasurementType);
  const seriesName = measure === 'count' ? t('figure.responses') : t(`figure.${measure}`);
  const scroll = scrollbarEnabled(widget.config);
  // Series rows (the text-analytics topic trend names each line in SubCategory), even when only one is left.
  const several =
    new Set(data.map((row) => row.SubCategory ?? '')).size > 1 ||
    data.some((row) => row.SubCategory !== null);
  // Several lines (the text-analytics topic trend) as shares when the widget asks for them.
  const percentage = several && dataFilters.TrendSeriesValue === 'percentage';

  const option = useMemo(
    () =>
      several
        ? multiSeriesOption({ rows: data, percentage, labelOf, seriesLabel, formats, scroll })
        : trendOption({
            rows: data,
            measure,
            labelOf,
            seriesName,
            responsesText: (count) => t('figure.responseCount', { count, formatted: formats.count(count) }),
            formats,
            scroll,
          }),
    [several, data, percentage, labelOf, seriesLabel, formats, scroll, measure, seriesName, t],
  );
  const format = measure === 'count' ? formats.count : formats.score;
  const label = several
    ? percentage
      ? seriesSummary(data, (row) => row.ValuePercent, { labelOf, seriesLabel, format: formats.percent, t })
      : seriesSummary(data, (row) => trendValue(row, measure), { labelOf, seriesLabel, format, t })
    : t('trend.summary', {
        name: seriesName,
        points: lastPoints(data)
          .map((row) =>
            t('trend.point', { label: labelOf(row.Category), value: format(trendValue(row, measure)) }),
          )
          .join(', '),
      });

  return <EChart option={option} height={TREND_HEIGHT} label={label} />;
}

/**
 * MultiSeriesChart: a line per SubCategory, as percentages (dataFilters.TrendSeriesValue 'percentage', the
 * rows' ValuePercent, on a % axis) or numbers (Value).
 */
export function MultiSeriesView({ widget, data }: WidgetViewProps<TrendRow[]>) {
  const { t } = useTranslation('widgets');
  const formats = useNumberFormats();
  const labelOf = useBucketLabel();
  const seriesLabel = useSeriesLabel();
  const percentage = dataFiltersOf(widget.config).TrendSeriesValue !== 'number';
  const scroll = scrollbarEnabled(widget.config);
  const option = useMemo(
    () => multiSeriesOption({ rows: data, percentage, labelOf, seriesLabel, formats, scroll }),
    [data, percentage, labelOf, seriesLabel, formats, scroll],
  );
  const label = seriesSummary(data, (row) => (percentage ? row.ValuePercent : row.Value), {
    labelOf,
    seriesLabel,
    format: percentage ? formats.percent : formats.count,
    t,
  });
  return <EChart option={option} height={TREND_HEIGHT} label={label} />;
}

/** A screen reader's reading of several lines: each series with its points. */
function seriesSummary(
  rows: readonly TrendRow[],
  value: (row: TrendRow) => number | null,
  {
    labelOf,
    seriesLabel,
    format,
    t,
  }: {
    labelOf: (category: string) => string;
    seriesLabel: (name: string) => string;
    format: (value: number | null) => string;
    t: ReturnType<typeof useTranslation<'widgets'>>['t'];
  },
): string {
  const { categories, series } = multiSeries(rows, value);
  return series
    .map((line) =>
      t('trend.seriesSummary', {
        name: seriesLabel(line.name),
        points: categories
          .map((category, index) =>
            t('trend.point', { label: labelOf(category), value: format(line.values[index] ?? null) }),
          )
          .join(', '),
      }),
    )
    .join('; ');
}

/**
 * DaysOfWeekBubbleChart: parts of day across, Monday to Sunday (in the interface language) down; a bubble per
 * cell sized by its responses and coloured by its NPS band.
 */
export function DaysOfWeekView({ data }: WidgetViewProps<DaysOfWeekRow[]>) {
  const { t, i18n } = useTranslation('widgets');
  const formats = useNumberFormats();
  const dayNames = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const cellLabel = useCellLabel();
  const option = useMemo(
    () =>
      daysOfWeekOption({
        rows: data,
        dayNames,
        formats,
        cellText: ({ day, part, value, responses }) => [
          t('days.cell', { day, part }),
          t('days.nps', { value }),
          t('days.responses', { value: responses }),
        ],
      }),
    [data, dayNames, formats, t],
  );
  const busiest = dayCells(data).reduce<ReturnType<typeof dayCells>[number] | undefined>(
    (best, cell) => (best && best.row.Responses >= cell.row.Responses ? best : cell),
    undefined,
  );
  const label = t('days.summary', {
    busiest: busiest
      ? `${cellLabel(busiest.row)} (${t('days.nps', {
          value: formats.score(busiest.row.Value),
        })}, ${t('days.responses', { value: formats.count(busiest.row.Responses) })})`
      : '',
  });
  return <EChart option={option} height={DAYS_HEIGHT} label={label} />;
}
