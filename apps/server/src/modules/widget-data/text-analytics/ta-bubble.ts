import type { BubbleData } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import {
  commentsWhere,
  countOf,
  onlyMainTopics,
  percentOf,
  topicCountOf,
  topicModelIdOf,
  topicsById,
} from './text-analytics-widgets.js';
import type { WidgetQuery } from '../shared/widget-query.js';

/*
 * TextAnalyticsBubbleChart2 (`bubble`) — docs/metrics.md "Topic bubbles". One node per topic of
 * dataFilters.TopicModelId that the selection's comments mention: the mentions counted by their own sentiment
 * (Positive 4, Neutral 2, Negative 0, Unclassified otherwise), TotalCount = the comments that mention it, Percent
 * = TotalCount as a share of the selection's analysed comments (those with any label of the model). Main topics
 * only with OnlyMainTopics; the TopicCount most mentioned; more mentions first.
 */

type MentionRow = {
  topic_id: number;
  positive: unknown;
  neutral: unknown;
  negative: unknown;
  unclassified: unknown;
  total: unknown;
};

export async function bubbleData(db: Db, replica: AnalyticsReplica, query: WidgetQuery): Promise<BubbleData> {
  const filters = query.dataFilters;
  const modelId = topicModelIdOf(filters);
  if (modelId === null) return { CategorySummaryDataResults: [] };
  const where = commentsWhere(query);
  // The model's labels of each selected comment; a comment without any is not analysed by the model.
  const labelled = `SELECT list_filter(c.topic_labels, lambda label: label.model_id = ?) AS labels
      FROM comments c WHERE ${where.where}`;
  const [mentions, analysed] = await Promise.all([
    replica.query<MentionRow>(
      `SELECT label.topic_id AS topic_id,
         count(*) FILTER (WHERE label.sentiment = 4) AS positive,
         count(*) FILTER (WHERE label.sentiment = 2) AS neutral,
         count(*) FILTER (WHERE label.sentiment = 0) AS negative,
         count(*) FILTER (WHERE label.sentiment IS NULL OR label.sentiment NOT IN (4, 2, 0)) AS unclassified,
         count(*) AS total
       FROM (SELECT unnest(labels) AS label FROM (${labelled}))
       GROUP BY label.topic_id`,
      [modelId, ...where.params],
    ),
    replica.query<{ analysed: unknown }>(
      `SELECT count(*) AS analysed FROM (${labelled}) WHERE len(labels) > 0`,
      [modelId, ...where.params],
    ),
  ]);
  const analysedComments = countOf(analysed[0]?.analysed);
  const names = await topicsById(
    db,
    query.tenantId,
    mentions.map((row) => Number(row.topic_id)),
  );
  const mainOnly = onlyMainTopics(filters);
  const nodes = mentions
    .filter((row) => !mainOnly || names.get(Number(row.topic_id))?.parentId === null)
    .map((row) => {
      const topicId = Number(row.topic_id);
      const total = countOf(row.total);
      return {
        Category: String(topicId),
        CategoryLabel: names.get(topicId)?.name ?? `#${topicId}`,
        TopicId: topicId,
        Positive: countOf(row.positive),
        Neutral: countOf(row.neutral),
        Negative: countOf(row.negative),
        Unclassified: countOf(row.unclassified),
        Percent: percentOf(total, analysedComments),
        TotalCount: total,
      };
    })
    .sort((a, b) => b.TotalCount - a.TotalCount || a.CategoryLabel.localeCompare(b.CategoryLabel));
  const count = topicCountOf(filters);
  return { CategorySummaryDataResults: count === null ? nodes : nodes.slice(0, count) };
}
