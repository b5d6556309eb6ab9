import {
  BAND_COLORS,
  npsTrendColor,
  TREND_MAX_POINTS,
  type CategoryType,
  type TrendRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
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

/**
 * The bucket key of a Category label (`bucketLabel` read back), or null when the label is no bucket of that size:
 * '2024-03' is a month's, not a week's.
 */
function bucketKey(categoryType: CategoryType, label: string): number | null {
  const digits = label.match(/\d+/g)?.map(Number) ?? [];
  const [year = 0, second = 0, third = 0] = digits;
  const key = {
    DD: year * 10_000 + second * 100 + third,
    WW: year * 100 + second,
    MM: year * 100 + second,
    QQ: year * 10 + second,
  }[categoryType];
  return bucketLabel(categoryType, key) === label ? key : null;
}

/**
 * What a trend buckets: the widget's measured facts within the filter that have a key on the TimeColumn's key of
 * the CategoryType (default MM). The points and the lineage of one point (`trendPointFacts`) both read it, so a
 * point's facts are its Responses.
 */
function trendBucketing(query: WidgetQuery): {
  categoryType: CategoryType;
  key: string;
  where: CompiledFilter;
} {
  const filters: WidgetDataFilters = query.dataFilters;
  const categoryType = filters.CategoryType ?? 'MM';
  const key = `f.${timePrefix(filters)}_${BUCKET_KEYS[categoryType]}`;
  return {
    categoryType,
    key,
    where: both(factsWhere(query, 'f'), { where: `${key} IS NOT NULL`, params: [] }),
  };
}

/**
 * Lineage of one point (docs/responses-analyzer.md "Lineage"): the facts the trend counts in the point whose
 * Category is `category` — the trend's own facts AND its bucket key equal to that label's key (none when the
 * label is no bucket of the widget's CategoryType), so their count is the point's Responses (a point older than
 * the last TREND_MAX_POINTS still has its facts).
 */
export function trendPointFacts(query: WidgetQuery, category: string): CompiledFilter {
  const { categoryType, key, where } = trendBucketing(query);
  const bucket = bucketKey(categoryType, category);
  return both(
    where,
    bucket === null ? { where: 'FALSE', params: [] } : { where: `${key} = ?`, params: [bucket] },
  );
}

type BucketRow = MeasureRow & { bucket: number; total: unknown };

/** The last TREND_MAX_POINTS buckets with answers, oldest first, with the responses of every bucket. */
async function buckets(
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<{ categoryType: CategoryType; rows: BucketRow[] }> {
  const { categoryType, key, where } = trendBucketing(query);
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
