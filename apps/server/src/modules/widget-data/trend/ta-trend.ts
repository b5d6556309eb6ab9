import { BAND_COLORS, CHART_PALETTE, TREND_MAX_POINTS, type TrendRow } from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { timePrefix } from '../shared/score-histogram.js';
import {
  commentsWhere,
  countOf,
  emotionModelIds,
  onlyMainTopics,
  percentOf,
  topicModelIdOf,
  topicsById,
  topicsOfModels,
  trendTypeFieldOf,
} from '../text-analytics/text-analytics-widgets.js';
import { BUCKET_KEYS, bucketLabel } from './trend-widgets.js';
import type { WidgetQuery } from '../shared/widget-query.js';

/*
 * Topic trend (`trend` of the text-analytics endpoints, a TrendChart) — docs/metrics.md "Topic trend". The
 * selection's analysed comments bucketed by CategoryType (default MM) on the TimeColumn's key, as the score trend
 * does (the last TREND_MAX_POINTS buckets with analysed comments, oldest first, labelled by `bucketLabel`); per
 * bucket one row per series (SubCategory): the five most mentioned topics of TopicModelId over the selection
 * (TrendTypeField 'topics'), the sentiment classes ('sentimentScore') or the emotions of the emotion model(s)
 * ('emotions'). Value = the bucket's comments of the series, Responses = the bucket's analysed comments,
 * ValuePercent = Rate = Value as a share of them.
 */

/** Topic trends follow the five most mentioned topics. */
const TOPIC_TREND_SERIES = 5;

type Series = { id: number; name: string; color: string | null };

/**
 * How the series of one kind are read: which comments are analysed (the denominator), and per comment the series
 * it counts towards (a list expression of series ids).
 */
type SeriesSource = {
  /** A condition on `c` (with its parameters) that makes a comment analysed. */
  analysed: CompiledFilter;
  series: (totals: Map<number, number>) => Promise<Series[]> | Series[];
} & (
  | {
      /** A list expression on `c` of the comment's series ids (with its parameters). */
      members: CompiledFilter;
    }
  | {
      /**
       * Instead, when a comment counts towards the series of its labels (`list` on `c`) that `keep` keeps, and a
       * comment with such a label is always analysed: the labels are unnested and filtered after (no lambda per
       * comment, and the analysed condition is not read again), each counting towards `member` (on `label`).
       */
      labels: { list: string; keep: CompiledFilter; member: string };
    }
);

const SENTIMENT_SERIES: Series[] = [
  { id: 4, name: 'Positive', color: BAND_COLORS.green },
  { id: 2, name: 'Neutral', color: BAND_COLORS.yellow },
  { id: 0, name: 'Negative', color: BAND_COLORS.red },
];
const UNCLASSIFIED_SERIES: Series = { id: -1, name: 'Unclassified', color: CHART_PALETTE[17] };

async function seriesSource(db: Db, query: WidgetQuery): Promise<SeriesSource | null> {
  const filters = query.dataFilters;
  switch (trendTypeFieldOf(filters)) {
    case 'topics': {
      const modelId = topicModelIdOf(filters);
      if (modelId === null) return null;
      const labels = 'list_filter(c.topic_labels, lambda label: label.model_id = ?)';
      return {
        analysed: { where: `len(${labels}) > 0`, params: [modelId] },
        // A comment with a label of the model is analysed.
        labels: {
          list: 'c.topic_labels',
          keep: { where: 'label.model_id = ?', params: [modelId] },
          member: 'label.topic_id',
        },
        // The five most mentioned (main topics only with OnlyMainTopics), more mentions first.
        series: async (totals) => {
          const names = await topicsById(db, query.tenantId, [...totals.keys()]);
          const mainOnly = onlyMainTopics(filters);
          return [...totals]
            .filter(([id]) => names.has(id) && (!mainOnly || names.get(id)!.parentId === null))
            .sort(
              ([a, countA], [b, countB]) =>
                countB - countA || names.get(a)!.name.localeCompare(names.get(b)!.name),
            )
            .slice(0, TOPIC_TREND_SERIES)
            .map(([id], index) => ({
              id,
              name: names.get(id)!.name,
              color: CHART_PALETTE[index % CHART_PALETTE.length]!,
            }));
        },
      };
    }
    case 'sentimentScore':
      return {
        analysed: { where: 'c.comment_sentiment_score IS NOT NULL', params: [] },
        members: {
          where: `[CASE WHEN c.comment_sentiment_score IN (4, 2, 0) THEN c.comment_sentiment_score ELSE -1 END]`,
          params: [],
        },
        // Unclassified only when the selection has unclassified comments.
        series: (totals) => [...SENTIMENT_SERIES, ...(totals.has(-1) ? [UNCLASSIFIED_SERIES] : [])],
      };
    case 'emotions': {
      const modelIds = await emotionModelIds(db, query);
      if (modelIds.length === 0) return null;
      return {
        analysed: { where: 'c.comment_sentiment_score IS NOT NULL', params: [] },
        members: {
          where: `list_transform(list_filter(c.emotion_labels, lambda label: list_contains(?, label.model_id)), lambda label: label.topic_id)`,
          params: [modelIds],
        },
        // Every emotion of the model(s) the selection's comments carry, in the models' order.
        series: async (totals) =>
          (await topicsOfModels(db, query.tenantId, modelIds))
            .filter((emotion) => totals.has(emotion.id))
            .map((emotion, index) => ({
              id: emotion.id,
              name: emotion.name,
              color: CHART_PALETTE[index % CHART_PALETTE.length]!,
            })),
      };
    }
  }
}

export async function topicTrendRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<TrendRow[]> {
  const source = await seriesSource(db, query);
  if (!source) return [];
  const categoryType = query.dataFilters.CategoryType ?? 'MM';
  const key = `c.${timePrefix(query.dataFilters)}_${BUCKET_KEYS[categoryType]}`;
  const where = commentsWhere(query);
  const analysedWhere = `${where.where} AND ${source.analysed.where}`;
  const analysedParams = [...where.params, ...source.analysed.params];

  // The last buckets with analysed comments, and how many each has.
  const buckets = await replica.query<{ bucket: number; analysed: unknown }>(
    `SELECT ${key} AS bucket, count(*) AS analysed FROM comments c
     WHERE ${analysedWhere} AND ${key} IS NOT NULL
     GROUP BY ${key} ORDER BY ${key} DESC LIMIT ${TREND_MAX_POINTS}`,
    analysedParams,
  );
  if (buckets.length === 0) return [];
  buckets.reverse();

  // Each comment's series, per bucket of the window and over the whole selection.
  const members =
    'labels' in source
      ? {
          sql: `SELECT bucket, ${source.labels.member} AS member FROM (
                  SELECT ${key} AS bucket, unnest(${source.labels.list}) AS label FROM comments c WHERE ${where.where}
                ) WHERE ${source.labels.keep.where}`,
          params: [...where.params, ...source.labels.keep.params],
        }
      : {
          sql: `SELECT ${key} AS bucket, unnest(${source.members.where}) AS member
                FROM comments c WHERE ${analysedWhere}`,
          params: [...source.members.params, ...analysedParams],
        };
  const counts = await replica.query<{
    bucket: number | null;
    member: number;
    count: unknown;
    whole: unknown;
  }>(
    `SELECT bucket, member, count(*) AS count, grouping(bucket) AS whole FROM (${members.sql})
     GROUP BY GROUPING SETS ((bucket, member), (member))`,
    members.params,
  );
  const totals = new Map<number, number>();
  const byBucket = new Map<string, number>();
  for (const row of counts) {
    if (countOf(row.whole) === 1) totals.set(Number(row.member), countOf(row.count));
    else byBucket.set(`${Number(row.bucket)}:${Number(row.member)}`, countOf(row.count));
  }
  const series = await source.series(totals);

  return buckets.flatMap((bucket) => {
    const analysed = countOf(bucket.analysed);
    const category = bucketLabel(categoryType, Number(bucket.bucket));
    return series.map((item) => {
      const value = byBucket.get(`${Number(bucket.bucket)}:${item.id}`) ?? 0;
      const percent = percentOf(value, analysed);
      return {
        Category: category,
        SubCategory: item.name,
        Value: value,
        Responses: analysed,
        Rate: percent,
        ValuePercent: percent,
        Color: item.color,
      };
    });
  });
}
