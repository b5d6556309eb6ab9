import { and, eq } from 'drizzle-orm';
import type { CommentsData } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { surveys } from '../../../db/schema/index.js';
import { atCallerOffset } from '../shared/caller-time.js';
import { timePrefix } from '../shared/score-histogram.js';
import { commentsWhere, countOf, topicModelIdOf, topicsById } from './text-analytics-widgets.js';
import type { WidgetQuery } from '../shared/widget-query.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * CommentsHighlightChart (`comments`) — docs/metrics.md "Comment highlights". A page of the selection's
 * comments, newest first by the widget's TimeColumn (then the later answer first), each dated by that time (its
 * instant, at the caller's TimezoneOffset), and Count = all of them. A
 * bubble master's drill-down arrives as UserDimensionFilters2 / SentimentFilter in the report filter and is applied
 * by the filter compiler like any other filter.
 */

type CommentRow = {
  answer_id: number;
  text: string;
  translated_text: string | null;
  language: string | null;
  topic_labels: { model_id: number; topic_id: number; sentiment: number | null }[] | null;
  emotion_labels: { model_id: number; topic_id: number; intensity: number | null }[] | null;
  comment_sentiment_score: number | null;
  created: string;
  invitee_id: number;
  source: string | null;
  survey_id: number;
};

/** A page of comments, and the caller's TimezoneOffset their times are shown at (caller-time.ts). */
export type CommentsPage = { top: number; skip: number; offset: number };

export async function commentsData(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
  { top, skip, offset }: CommentsPage,
): Promise<CommentsData> {
  const where = commentsWhere(query);
  const time = `c.${timePrefix(query.dataFilters)}_at`;
  const [rows, count] = await Promise.all([
    replica.query<CommentRow>(
      `SELECT c.answer_id, c.text, c.translated_text, c.language, c.topic_labels, c.emotion_labels,
         c.comment_sentiment_score, coalesce(${time}, c.created_at) AS created, c.invitee_id, c.source, c.survey_id
       FROM comments c WHERE ${where.where}
       ORDER BY ${time} DESC NULLS LAST, c.answer_id DESC
       LIMIT ? OFFSET ?`,
      [...where.params, top, skip],
    ),
    replica.query<{ count: unknown }>(
      `SELECT count(*) AS count FROM comments c WHERE ${where.where}`,
      where.params,
    ),
  ]);

  // Topics of the chosen model (every topic model when none is chosen; emotions are apart) and all emotions.
  const modelId = topicModelIdOf(query.dataFilters);
  const topicLabels = (row: CommentRow) =>
    (row.topic_labels ?? []).filter((label) => modelId === null || Number(label.model_id) === modelId);
  const emotionLabels = (row: CommentRow) => row.emotion_labels ?? [];
  const [names, titles] = await Promise.all([
    topicsById(
      db,
      query.tenantId,
      rows.flatMap((row) =>
        [...topicLabels(row), ...emotionLabels(row)].map((label) => Number(label.topic_id)),
      ),
    ),
    surveyTitles(
      db,
      query.tenantId,
      rows.map((row) => Number(row.survey_id)),
    ),
  ]);
  const nameOf = (id: number) => names.get(id)?.name ?? `#${id}`;

  return {
    Count: countOf(count[0]?.count),
    Items: rows.map((row) => {
      const translated = row.translated_text !== null && row.translated_text.trim() !== '';
      return {
        Text: translated ? row.translated_text! : row.text,
        TextOrig: row.text,
        // The translation's language is not recorded: null when the translation is shown.
        Language: translated ? null : row.language,
        LanguageOrig: row.language,
        Topics: topicLabels(row).map((label) => ({
          Id: Number(label.topic_id),
          Name: nameOf(Number(label.topic_id)),
          SentimentScore: label.sentiment === null ? -1 : Number(label.sentiment),
        })),
        Emotions: emotionLabels(row).map((label) => ({
          Id: Number(label.topic_id),
          Name: nameOf(Number(label.topic_id)),
        })),
        SentimentScore: row.comment_sentiment_score === null ? null : Number(row.comment_sentiment_score),
        CreatedDate: atCallerOffset(row.created, offset),
        InviteeId: Number(row.invitee_id),
        Source: row.source,
        SurveyTitle: titles.get(Number(row.survey_id)) ?? '',
      };
    }),
  };
}

/** The titles of the tenant's surveys of those ids (topic discovery's comments show them too). */
export async function surveyTitles(
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), anyOf(surveys.id, unique)));
  return new Map(rows.map((row) => [row.id, row.title]));
}
