import {
  BAND_COLORS,
  npsTrendColor,
  TREND_MAX_POINTS,
  type CategoryType,
  type TrendRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import {
  factsWhere,
  measureOf,
  timePrefix,
  valueMode,
  type MeasureRow,
  scoreHistogramGroups,
} from '../shared/score-histogram.js';
import { both, type WidgetQuery } from '../shared/widget-query.js';

/*
 * TrendChart (`trend`) and MultiSeriesChart (`respondent-trend`) — docs/widgets-performance.md "Trends". Facts are
 * bucketed by CategoryType (DD, WW, MM, QQ; default MM) on the chosen time column's precomputed key
 * (`<t>_day|week|month|quarter`, ISO weeks); only the last TREND_MAX_POINTS buckets that have answers are
 * returned, oldest first.
 */

/** The replica's time key suffix of each bucket size. */
export const BUCKET_KEYS: Record<CategoryType, 'day' | 'week' | 'month' | 'quarter'> = {
  DD: 'day',
  WW: 'week',
  MM: 'month',
  QQ: 'quarter',
};

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * A bucket key as its Category label: 20240305 -> '2024-03-05', 202409 (ISO year and week) -> '2024-W09',
 * 202403 -> '2024-03', 20241 -> '2024-Q1'.
 */
export function bucketLabel(categoryType: CategoryType, key: number): string {
  switch (categoryType) {
    case 'DD':
      return `${Math.floor(key / 10_000)}-${pad2(Math.floor(key / 100) % 100)}-${pad2(key % 100)}`;
    case 'WW':
      return `${Math.floor(key / 100)}-W${pad2(key % 100)}`;
    case 'MM':
      return `${Math.floor(key / 100)}-${pad2(key % 100)}`;
    case 'QQ':
      return `${Math.floor(key / 10)}-Q${key % 10}`;
  }
}

type BucketRow = MeasureRow & { bucket: number; total: unknown };

/** The last TREND_MAX_POINTS buckets with answers, oldest first, with the responses of every bucket. */
async function buckets(
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<{ categoryType: CategoryType; rows: BucketRow[] }> {
  const filters: WidgetDataFilters = query.dataFilters;
  const categoryType = filters.CategoryType ?? 'MM';
  const key = `f.${timePrefix(filters)}_${BUCKET_KEYS[categoryType]}`;
  const where = both(factsWhere(query, 'f'), { where: `${key} IS NOT NULL`, params: [] });
  const groups = await scoreHistogramGroups(replica, { bucket: key }, where);
  // `total` counts the responses of all buckets, cut ones included.
  const total = groups.reduce((sum, group) => sum + Number(group.responses), 0);
  const rows = groups
    .sort((a, b) => Number(b.bucket) - Number(a.bucket))
    .slice(0, TREND_MAX_POINTS)
    .map((group) => ({ ...group, bucket: Number(group.bucket), total }));
  return { categoryType, rows: rows.reverse() };
}

/**
 * TrendChart rows: per bucket, Value = NPS (or the average for measurement types 1 and 2), Responses, Rate = the
 * bucket's share of all responses of the selection in percent, Color = the value's band colour: an NPS's by
 * NPS_TREND_BANDS (npsTrendColor, the bands the web draws the line in), an average's by its scale's gauge bands.
 */
export async function trendRows(replica: AnalyticsReplica, query: WidgetQuery): Promise<TrendRow[]> {
  const { categoryType, rows } = await buckets(replica, query);
  const nps = valueMode(query.dataFilters) === 'nps';
  return rows.map((row) => {
    const measure = measureOf(row, query.dataFilters);
    const total = Number(row.total);
    return {
      Category: bucketLabel(categoryType, Number(row.bucket)),
      SubCategory: null,
      Value: measure.value,
      Responses: measure.responses,
      Rate: total > 0 ? (100 * measure.responses) / total : null,
      ValuePercent: null,
      Color: nps ? npsTrendColor(measure.value) : measure.color,
    };
  });
}

const RESPONDENT_SERIES = [
  { name: 'Promoter', count: 'promoters', color: BAND_COLORS.green },
  { name: 'Neutral', count: 'neutrals', color: BAND_COLORS.yellow },
  { name: 'Detractor', count: 'detractors', color: BAND_COLORS.red },
] as const;

/**
 * MultiSeriesChart rows: per bucket three rows, SubCategory Promoter, Neutral, Detractor; Value = the count,
 * ValuePercent = Rate = its share of the bucket's responses in percent; Responses = the bucket's responses.
 */
export async function respondentTrendRows(
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<TrendRow[]> {
  const { categoryType, rows } = await buckets(replica, query);
  return rows.flatMap((row) => {
    const measure = measureOf(row, query.dataFilters);
    const category = bucketLabel(categoryType, Number(row.bucket));
    return RESPONDENT_SERIES.map((series) => {
      const count = measure[series.count];
      const percent = measure.responses > 0 ? (100 * count) / measure.responses : null;
      return {
        Category: category,
        SubCategory: series.name,
        Value: count,
        Responses: measure.responses,
        Rate: percent,
        ValuePercent: percent,
        Color: series.color,
      };
    });
  });
}
