import {
  NEUTRAL_MIN_SCORE,
  PROMOTER_MIN_SCORE,
  TOPIC_INSIGHT_MIN_COMMENTS,
  TopicInsightStatus,
  type TopicExplorer,
  type TopicExplorerPeriod,
} from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import { periodSpan } from './topic-periods.js';
import { commentsOf, npsOf, numberOf, sessionsOf, type TopicInsightQuery } from './topic-query.js';

/*
 * The topic explorer (docs/topic-insight.md "Topic explorer"): per topic of the model and per period of the
 * transaction time (the report's default time column, whose days the TimeRange selects),
 * - mentions: the selection's comments labelled with the topic, split by the mention's sentiment (4 positive,
 *   2 neutral, 0 negative, anything else uncategorized), as the bubble chart counts them;
 * - NPS of mentioners against the rest: S = the selection's sessions with an NPS answer (the filter compiler on
 *   `sessions`), M = the sessions of S with a comment of the selection labelled with the topic; Nps = NPS(M),
 *   NpsRest = NPS(S \ M), the sets of the impact butterfly (docs/metrics.md "NPS impact").
 * A session's comments and the session share their time columns, so every session falls in one period and the
 * whole range's figures are the sums of the periods'.
 */

type Counts = { n: number; promoters: number; detractors: number };
const NONE: Counts = { n: 0, promoters: 0, detractors: 0 };

const npsCounts = (column: string) =>
  `count(*) AS n, count(*) FILTER (WHERE ${column} >= ${PROMOTER_MIN_SCORE}) AS promoters, ` +
  `count(*) FILTER (WHERE ${column} < ${NEUTRAL_MIN_SCORE}) AS detractors`;

const countsOf = (row: { n: unknown; promoters: unknown; detractors: unknown }): Counts => ({
  n: numberOf(row.n),
  promoters: numberOf(row.promoters),
  detractors: numberOf(row.detractors),
});

const add = (a: Counts, b: Counts): Counts => ({
  n: a.n + b.n,
  promoters: a.promoters + b.promoters,
  detractors: a.detractors + b.detractors,
});
const minus = (a: Counts, b: Counts): Counts => ({
  n: a.n - b.n,
  promoters: a.promoters - b.promoters,
  detractors: a.detractors - b.detractors,
});

type Split = { mentions: number; positive: number; neutral: number; negative: number };
const NO_MENTIONS: Split = { mentions: 0, positive: 0, neutral: 0, negative: 0 };

function npsSplit(mentioners: Counts, all: Counts) {
  const rest = minus(all, mentioners);
  return {
    Nps: npsOf(mentioners.n, mentioners.promoters, mentioners.detractors),
    Responses: mentioners.n,
    NpsRest: npsOf(rest.n, rest.promoters, rest.detractors),
    ResponsesRest: rest.n,
  };
}

function sentimentSplit(split: Split) {
  return {
    Mentions: split.mentions,
    Positive: split.positive,
    Neutral: split.neutral,
    Negative: split.negative,
    Uncategorized: split.mentions - split.positive - split.neutral - split.negative,
  };
}

export async function topicExplorer(
  replica: AnalyticsReplica,
  { query, modelId, topics }: TopicInsightQuery,
  options: { period: TopicExplorerPeriod; onlyMainTopics: boolean },
): Promise<TopicExplorer> {
  const comments = commentsOf(query, 'c');
  const sessions = sessionsOf(query, 's');
  const period = `transaction_${options.period}`;
  const labels = 'list_filter(c.topic_labels, lambda x: x.model_id = ?)';

  const [commentRows, mentionRows, sessionRows, mentionerRows] = await Promise.all([
    replica.query<{ period: unknown; comments: unknown; labelled: unknown }>(
      `SELECT c.${period} AS period, count(*) AS comments, count(*) FILTER (WHERE len(${labels}) > 0) AS labelled
       FROM comments c WHERE ${comments.where} GROUP BY 1`,
      [modelId, ...comments.params],
    ),
    replica.query<Record<'period' | 'topic_id' | 'mentions' | 'positive' | 'neutral' | 'negative', unknown>>(
      // A comment holds a topic at most once (text_topics' key is answer_id, topic_id), so its label rows count
      // the comments: count(*), not count(DISTINCT answer_id); the labels are unnested and then kept by model,
      // cheaper than a lambda per comment (123 -> 27 ms over a year's 392K labels at 1M).
      `SELECT m.period, m.label.topic_id AS topic_id, count(*) AS mentions,
         count(*) FILTER (WHERE m.label.sentiment = 4) AS positive,
         count(*) FILTER (WHERE m.label.sentiment = 2) AS neutral,
         count(*) FILTER (WHERE m.label.sentiment = 0) AS negative
       FROM (SELECT c.${period} AS period, unnest(c.topic_labels) AS label
             FROM comments c WHERE ${comments.where}) m
       WHERE m.label.model_id = ?
       GROUP BY 1, 2`,
      [...comments.params, modelId],
    ),
    replica.query<{ period: unknown; n: unknown; promoters: unknown; detractors: unknown }>(
      `SELECT s.${period} AS period, ${npsCounts('s.nps_score')}
       FROM sessions s WHERE ${sessions.where} AND s.nps_score IS NOT NULL GROUP BY 1`,
      sessions.params,
    ),
    replica.query<{
      period: unknown;
      topic_id: unknown;
      n: unknown;
      promoters: unknown;
      detractors: unknown;
    }>(
      `SELECT s.${period} AS period, m.topic_id, ${npsCounts('s.nps_score')}
       FROM sessions s
       JOIN (SELECT DISTINCT session_id, topic_id FROM (
               SELECT c.session_id, unnest(list_transform(${labels}, lambda x: x.topic_id)) AS topic_id
               FROM comments c WHERE ${comments.where})) m ON m.session_id = s.session_id
       WHERE ${sessions.where} AND s.nps_score IS NOT NULL
       GROUP BY 1, 2`,
      [modelId, ...comments.params, ...sessions.params],
    ),
  ]);

  // The periods with comments or answers, in time order.
  const keys = [
    ...new Set([...commentRows, ...sessionRows].map((row) => row.period).filter((key) => key !== null)),
  ]
    .map(numberOf)
    .sort((a, b) => a - b);
  const commentsIn = new Map(commentRows.map((row) => [numberOf(row.period), numberOf(row.comments)]));
  const answersIn = new Map(sessionRows.map((row) => [numberOf(row.period), countsOf(row)]));
  const key = (topicId: number, periodKey: number) => `${topicId}:${periodKey}`;
  const mentionsIn = new Map(
    mentionRows.map((row) => [
      key(numberOf(row.topic_id), numberOf(row.period)),
      {
        mentions: numberOf(row.mentions),
        positive: numberOf(row.positive),
        neutral: numberOf(row.neutral),
        negative: numberOf(row.negative),
      },
    ]),
  );
  const mentionersIn = new Map(
    mentionerRows.map((row) => [key(numberOf(row.topic_id), numberOf(row.period)), countsOf(row)]),
  );

  const totalComments = commentRows.reduce((sum, row) => sum + numberOf(row.comments), 0);
  const labelled = commentRows.reduce((sum, row) => sum + numberOf(row.labelled), 0);
  const allAnswers = [...answersIn.values()].reduce(add, NONE);
  const status =
    totalComments === 0
      ? TopicInsightStatus.NoData
      : totalComments < TOPIC_INSIGHT_MIN_COMMENTS
        ? TopicInsightStatus.InsufficientData
        : TopicInsightStatus.Ok;

  const topicRows = topics
    .filter((topic) => !options.onlyMainTopics || topic.parentId === null)
    .map((topic) => {
      let split = NO_MENTIONS;
      let mentioners = NONE;
      const Series = keys.map((periodKey) => {
        const here = mentionsIn.get(key(topic.id, periodKey)) ?? NO_MENTIONS;
        const who = mentionersIn.get(key(topic.id, periodKey)) ?? NONE;
        split = {
          mentions: split.mentions + here.mentions,
          positive: split.positive + here.positive,
          neutral: split.neutral + here.neutral,
          negative: split.negative + here.negative,
        };
        mentioners = add(mentioners, who);
        return {
          Period: periodKey,
          ...sentimentSplit(here),
          ...npsSplit(who, answersIn.get(periodKey) ?? NONE),
        };
      });
      return {
        Id: topic.id,
        Name: topic.name,
        ParentId: topic.parentId,
        ...sentimentSplit(split),
        ...npsSplit(mentioners, allAnswers),
        Series,
      };
    })
    .filter((topic) => topic.Mentions > 0)
    .sort((a, b) => b.Mentions - a.Mentions || a.Id - b.Id);

  return {
    StatusCode: status,
    Comments: totalComments,
    LabelledComments: labelled,
    Responses: allAnswers.n,
    Nps: npsOf(allAnswers.n, allAnswers.promoters, allAnswers.detractors),
    Periods: keys.map((periodKey) => {
      const answers = answersIn.get(periodKey) ?? NONE;
      return {
        Period: periodKey,
        ...periodSpan(options.period, periodKey),
        Comments: commentsIn.get(periodKey) ?? 0,
        Responses: answers.n,
        Nps: npsOf(answers.n, answers.promoters, answers.detractors),
      };
    }),
    Topics: status === TopicInsightStatus.NoData ? [] : topicRows,
  };
}
