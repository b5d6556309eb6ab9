import {
  TOPIC_SENTIMENT_CODES,
  TopicInsightStatus,
  type TopicDiscovery,
  type TopicDiscoveryOrder,
  type TopicSentiment,
} from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { ReplicaParam } from '../../analytics/replica-types.js';
import type { Db } from '../../db/client.js';
import { surveyTitles } from '../widget-data/index.js';
import { topicHighlights } from './topic-highlights.js';
import { commentsOf, numberOf, type TopicInsightQuery } from './topic-query.js';

/*
 * Topic discovery (docs/topic-insight.md "Topic discovery"): the selection's comments (the report filter through
 * the one filter compiler on the replica's `comments`), narrowed by the sentiment choice and the clicked topic,
 * a page of them in the chosen order, and the model's topic tree with each topic's count under the same choices.
 * - Without a topic, the sentiment choice is the comment's own sentiment (comment_sentiment_score).
 * - With a topic, it is the sentiment of that topic's mention (the label's), as a bubble chart's slice.
 * - A topic's count: the comments with a mention of it (with the chosen sentiment): the list it opens is as long.
 */

export type DiscoveryOptions = {
  topicId: number | null;
  sentiment: TopicSentiment;
  order: TopicDiscoveryOrder;
  top: number;
  skip: number;
};

type Fragment = { sql: string; params: ReplicaParam[] };

const ORDER_BY: Record<TopicDiscoveryOrder, string> = {
  newest: 'c.transaction_at DESC NULLS LAST, c.answer_id DESC',
  oldest: 'c.transaction_at ASC NULLS LAST, c.answer_id ASC',
  highestScore: 'c.nps_score DESC NULLS LAST, c.transaction_at DESC NULLS LAST, c.answer_id DESC',
  lowestScore: 'c.nps_score ASC NULLS LAST, c.transaction_at DESC NULLS LAST, c.answer_id DESC',
};

/** A condition on a sentiment column for the choice (-1: unclassified, any code below 0), or none for 'all'. */
function sentimentIs(column: string, sentiment: TopicSentiment): Fragment | null {
  if (sentiment === 'all') return null;
  const code = TOPIC_SENTIMENT_CODES[sentiment];
  return code < 0 ? { sql: `${column} < 0`, params: [] } : { sql: `${column} = ?`, params: [code] };
}

/** Whether the label `label` is the model's with the chosen sentiment (and topic). */
function labelIs(
  label: string,
  modelId: number,
  sentiment: TopicSentiment,
  topicId: number | null,
): Fragment {
  const parts: Fragment[] = [{ sql: `${label}.model_id = ?`, params: [modelId] }];
  if (topicId !== null) parts.push({ sql: `${label}.topic_id = ?`, params: [topicId] });
  const mood = sentimentIs(`${label}.sentiment`, sentiment);
  if (mood) parts.push(mood);
  return { sql: parts.map((part) => part.sql).join(' AND '), params: parts.flatMap((part) => part.params) };
}

/** The model's labels of a comment with the chosen sentiment (and topic), as a DuckDB list expression. */
function labelsOf(modelId: number, sentiment: TopicSentiment, topicId: number | null): Fragment {
  const label = labelIs('x', modelId, sentiment, topicId);
  return { sql: `list_filter(c.topic_labels, lambda x: ${label.sql})`, params: label.params };
}

/** Whether two language codes name the same language ('tr' and 'tr-TR' do). */
const sameLanguage = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase().split(/[-_]/)[0] === b.trim().toLowerCase().split(/[-_]/)[0];

type ItemRow = {
  answer_id: unknown;
  session_id: unknown;
  text: string;
  translated_text: string | null;
  language: string | null;
  labels: { topic_id: number; sentiment: number | null }[] | null;
  comment_sentiment_score: number | null;
  nps_score: number | null;
  at: string | Date | null;
  survey_id: unknown;
};

export async function topicDiscovery(
  db: Db,
  replica: AnalyticsReplica,
  { query, modelId, language: modelLanguage, topics }: TopicInsightQuery,
  options: DiscoveryOptions,
): Promise<TopicDiscovery> {
  const where = commentsOf(query, 'c');
  // The list's own choices on top of the selection.
  const chosen: Fragment =
    options.topicId !== null
      ? (() => {
          const labels = labelsOf(modelId, options.sentiment, options.topicId);
          return { sql: `len(${labels.sql}) > 0`, params: labels.params };
        })()
      : (sentimentIs('c.comment_sentiment_score', options.sentiment) ?? { sql: 'true', params: [] });
  const listWhere = `(${where.where}) AND ${chosen.sql}`;
  const listParams = [...where.params, ...chosen.params];
  const counted = labelIs('m.label', modelId, options.sentiment, null);
  const modelLabels = labelsOf(modelId, 'all', null);

  const [totals, rows, topicCounts] = await Promise.all([
    replica.query<{ total: unknown; count: unknown }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE ${chosen.sql}) AS count FROM comments c WHERE ${where.where}`,
      [...chosen.params, ...where.params],
    ),
    replica.query<ItemRow>(
      `SELECT c.answer_id, c.session_id, c.text, c.translated_text, c.language,
         ${modelLabels.sql} AS labels, c.comment_sentiment_score, c.nps_score,
         coalesce(c.transaction_at, c.created_at) AS at, c.survey_id
       FROM comments c WHERE ${listWhere}
       ORDER BY ${ORDER_BY[options.order]}
       LIMIT ? OFFSET ?`,
      [...modelLabels.params, ...listParams, options.top, options.skip],
    ),
    replica.query<{ topic_id: unknown; count: unknown }>(
      // A comment holds a topic at most once (text_topics' key is answer_id, topic_id): its label rows count the
      // comments, no count(DISTINCT answer_id); unnested, then kept by model and sentiment (no lambda per comment).
      `SELECT m.label.topic_id AS topic_id, count(*) AS count
       FROM (SELECT unnest(c.topic_labels) AS label FROM comments c WHERE ${where.where}) m
       WHERE ${counted.sql}
       GROUP BY 1`,
      [...where.params, ...counted.params],
    ),
  ]);

  const counts = new Map(topicCounts.map((row) => [numberOf(row.topic_id), numberOf(row.count)]));
  const byId = new Map(topics.map((topic) => [topic.id, topic]));
  const titles = await surveyTitles(
    db,
    query.tenantId,
    rows.map((row) => numberOf(row.survey_id)),
  );
  const total = numberOf(totals[0]?.total);

  return {
    StatusCode: total === 0 ? TopicInsightStatus.NoData : TopicInsightStatus.Ok,
    Total: total,
    Count: numberOf(totals[0]?.count),
    Topics: topics.map((topic) => ({
      Id: topic.id,
      Name: topic.name,
      ParentId: topic.parentId,
      Count: counts.get(topic.id) ?? 0,
    })),
    Items: rows.map((row) => {
      // The text in the model's language when the comment was written in it (its topic names' words can then be
      // found in it), else the translation when there is one; a translation's language is not recorded.
      const translated =
        row.translated_text !== null &&
        row.translated_text.trim() !== '' &&
        !sameLanguage(row.language, modelLanguage);
      const text = translated ? row.translated_text! : row.text;
      const language = translated ? null : row.language;
      const labelled = (row.labels ?? []).map((label) => ({
        id: Number(label.topic_id),
        sentiment: label.sentiment === null ? -1 : Number(label.sentiment),
      }));
      const named = labelled.map((label) => ({ id: label.id, name: byId.get(label.id)?.name ?? '' }));
      return {
        AnswerId: numberOf(row.answer_id),
        SessionId: numberOf(row.session_id),
        Text: text,
        TextOrig: row.text,
        Language: language,
        Date: row.at === null ? '' : new Date(row.at).toISOString(),
        SentimentScore: row.comment_sentiment_score === null ? null : Number(row.comment_sentiment_score),
        Score: row.nps_score === null ? null : Number(row.nps_score),
        SurveyTitle: titles.get(numberOf(row.survey_id)) ?? '',
        Topics: labelled.map((label, index) => ({
          Id: label.id,
          Name: named[index]!.name,
          SentimentScore: label.sentiment,
        })),
        Highlights: topicHighlights(text, language, named),
      };
    }),
  };
}
