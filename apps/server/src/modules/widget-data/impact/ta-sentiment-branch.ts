import type { SentimentBranchRow } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { channelChartLevel, channelsById } from '../performance/performance-widgets.js';
import { commentsWhere, countOf } from '../text-analytics/text-analytics-widgets.js';
import type { WidgetQuery } from '../shared/widget-query.js';

/*
 * SentimentBranchPerformanceChart (`sentiment-branch`) — docs/metrics.md "Sentiment by branch". One row per
 * channel at dataFilters.ChannelColumnLevel (default 2; one below a drilled ChannelSet node, as the channel
 * performance chart) with classified comments in the selection: Positive, Neutral, Negative = its comments of that
 * sentiment, Value = 100 × (Positive − Negative) / (Positive + Neutral + Negative). Larger Value first; TopNToggle
 * with TopNCount keeps the first N.
 */

/** The branch chart's default channel level. */
const SENTIMENT_BRANCH_DEFAULT_LEVEL = 2;

type ChannelRow = { id: number; positive: unknown; neutral: unknown; negative: unknown };

export async function sentimentBranchRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<SentimentBranchRow[]> {
  const filters = query.dataFilters;
  const level = channelChartLevel({
    ...query,
    dataFilters: {
      ...filters,
      ChannelColumnLevel: filters.ChannelColumnLevel ?? SENTIMENT_BRANCH_DEFAULT_LEVEL,
    },
  });
  const column = `c.channel_l${level}`;
  const where = commentsWhere(query);
  const rows = await replica.query<ChannelRow>(
    `SELECT ${column} AS id,
       count(*) FILTER (WHERE c.comment_sentiment_score = 4) AS positive,
       count(*) FILTER (WHERE c.comment_sentiment_score = 2) AS neutral,
       count(*) FILTER (WHERE c.comment_sentiment_score = 0) AS negative
     FROM comments c
     WHERE ${where.where} AND ${column} IS NOT NULL AND c.comment_sentiment_score IN (4, 2, 0)
     GROUP BY ${column}`,
    where.params,
  );
  if (rows.length === 0) return [];
  const byId = await channelsById(
    db,
    query.tenantId,
    rows.map((row) => Number(row.id)),
  );
  const result = rows
    .map((row): SentimentBranchRow & { total: number } => {
      const id = Number(row.id);
      const positive = countOf(row.positive);
      const neutral = countOf(row.neutral);
      const negative = countOf(row.negative);
      const total = positive + neutral + negative;
      return {
        Category: byId.get(id)?.name ?? `#${id}`,
        CategoryId: id,
        Value: total > 0 ? (100 * (positive - negative)) / total : null,
        Positive: positive,
        Neutral: neutral,
        Negative: negative,
        Location: byId.get(id)?.location ?? null,
        total,
      };
    })
    .sort(
      (a, b) =>
        (b.Value ?? -Infinity) - (a.Value ?? -Infinity) ||
        b.total - a.total ||
        a.Category.localeCompare(b.Category),
    )
    .map(({ total: _total, ...row }) => row);
  return filters.TopNToggle && filters.TopNCount ? result.slice(0, filters.TopNCount) : result;
}
