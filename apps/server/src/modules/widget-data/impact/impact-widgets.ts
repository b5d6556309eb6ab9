import { z } from 'zod';
import {
  IMPACT_LABEL_MAX,
  ImpactStatus,
  NEUTRAL_MIN_SCORE,
  npsOf,
  PROMOTER_MIN_SCORE,
  type ImpactRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { invalidValue } from '../../../errors.js';
import {
  loadTopicModel,
  onlyMainTopics,
  topicModelIdOf,
  topicsOfModels,
} from '../text-analytics/text-analytics-widgets.js';
import { sameClause, whereOf, type WidgetQuery } from '../shared/widget-query.js';

/*
 * The impact butterflies (docs/metrics.md): how much a topic of a topic model, or a choice of a closed-ended
 * question, moves the selection's NPS. Everything is computed from NPS counts (answers, promoters, detractors) of
 * S, the selection's sessions with an NPS answer, and of M, the sessions of S that mention the topic (choose the
 * choice), split into M+ and M- (positive / negative mentions; for choices promoters / detractors):
 *
 *   Value        = NPS(M)                       the NPS among those answers (individual)
 *   ImpactNps    = NPS(M) - NPS(S)
 *   overall(X)   = NPS(S) - NPS(S \ X)          how many points the overall NPS moves because of X
 *   Impact       = ImpactNps (ImpactValueType 1) or overall(M) (2, the default)
 *   Positive/NegativeImpact = overall(M+) / overall(M-); TotalImpact = their sum
 *
 * overall(X) is null when S \ X is empty (nothing is left to compare with).
 */

/** NPS counts of a set of sessions (neutrals are responses minus the two). */
export type NpsTally = { responses: number; promoters: number; detractors: number };

/** What a row is computed from: M, its positive and negative parts, and the mean mention sentiment. */
export type ImpactMentions = {
  category: string;
  /** The text ShortCategory is cut from; default the category. */
  label?: string;
  all: NpsTally;
  positive: NpsTally;
  negative: NpsTally;
  sentiment: number | null;
};

/** Rows whose M has fewer sessions than this are left out unless dataFilters.MinimumResponseCount says otherwise. */
const IMPACT_MIN_RESPONSES_DEFAULT = 10;

export const ImpactType = { Positive: 1, Negative: 2, Nps: 3 } as const;
export type ImpactType = (typeof ImpactType)[keyof typeof ImpactType];
export const ImpactValueType = { Individual: 1, Overall: 2 } as const;
export type ImpactValueType = (typeof ImpactValueType)[keyof typeof ImpactValueType];

/** A whole number from a loose dataFilters value (a number or a numeric string); undefined when absent. */
const looseInteger = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().int().nullish(),
);

function choiceOf<T extends number>(
  filters: WidgetDataFilters,
  field: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const parsed = looseInteger.safeParse(filters[field]);
  if (!parsed.success) throw invalidValue(`DataFilters.${field}`, parsed.error.issues[0]);
  if (parsed.data === null || parsed.data === undefined) return fallback;
  const value = allowed.find((item) => item === parsed.data);
  if (value === undefined) throw invalidValue(`DataFilters.${field}`);
  return value;
}

/** The impact options of a widget's dataFilters; a value out of range is a 400. */
export function impactOptions(filters: WidgetDataFilters): {
  impactType: ImpactType;
  valueType: ImpactValueType;
  minimum: number;
} {
  return {
    impactType: choiceOf(filters, 'ImpactType', [1, 2, 3] as const, ImpactType.Nps),
    valueType: choiceOf(filters, 'ImpactValueType', [1, 2] as const, ImpactValueType.Overall),
    minimum: filters.MinimumResponseCount ?? IMPACT_MIN_RESPONSES_DEFAULT,
  };
}

const npsOfTally = (tally: NpsTally) => npsOf(tally.promoters, tally.detractors, tally.responses);

/** NPS(S) - NPS(S \ X); null when S \ X is empty. X is a subset of S. */
function overallImpact(selection: NpsTally, part: NpsTally): number | null {
  if (part.responses === 0) return 0;
  const overall = npsOfTally(selection);
  const rest = npsOfTally({
    responses: selection.responses - part.responses,
    promoters: selection.promoters - part.promoters,
    detractors: selection.detractors - part.detractors,
  });
  return overall === null || rest === null ? null : overall - rest;
}

/** The category label cut to IMPACT_LABEL_MAX characters (by code point) with an ellipsis. */
function shortCategory(category: string): string {
  const characters = Array.from(category);
  if (characters.length <= IMPACT_LABEL_MAX) return category;
  return `${characters.slice(0, IMPACT_LABEL_MAX).join('').trimEnd()}…`;
}

/** The one row answered for a status other than 0 (reports spec §4). */
export function impactStatusRow(status: number): ImpactRow {
  return {
    Category: '',
    ShortCategory: '',
    Impact: null,
    Value: null,
    PositiveImpact: null,
    NegativeImpact: null,
    TotalImpact: null,
    ImpactNps: null,
    Responses: 0,
    SentimentScore: null,
    StatusCode: status,
  };
}

const nullsLast = (value: number | null, direction: 1 | -1) =>
  value === null ? Number.POSITIVE_INFINITY : direction * value;

/** The impact row of one category (docs/metrics.md): its NPS, NPS difference and overall impacts. */
function impactRowOf(selection: NpsTally, mention: ImpactMentions, valueType: ImpactValueType): ImpactRow {
  const overallNps = npsOfTally(selection);
  const value = npsOfTally(mention.all);
  const impactNps = value === null || overallNps === null ? null : value - overallNps;
  const overall = overallImpact(selection, mention.all);
  const positive = overallImpact(selection, mention.positive);
  const negative = overallImpact(selection, mention.negative);
  return {
    Category: mention.category,
    ShortCategory: shortCategory(mention.label ?? mention.category),
    Impact: valueType === ImpactValueType.Individual ? impactNps : overall,
    Value: value,
    PositiveImpact: positive,
    NegativeImpact: negative,
    TotalImpact: positive === null || negative === null ? null : positive + negative,
    ImpactNps: impactNps,
    Responses: mention.all.responses,
    SentimentScore: mention.sentiment,
    StatusCode: ImpactStatus.Ok,
  };
}

/**
 * The categories whose M reaches the minimum with their rows, sorted by the impact type: 1 PositiveImpact (largest
 * first), 2 NegativeImpact (most negative first), 3 Impact (largest first); then more responses, then `order`
 * (the categories' natural order), then the label. A status instead: 1 when S is empty or nothing is mentioned at
 * all, 2 when something is but no category reaches the minimum. The driver simulation ranks its topics with it.
 */
export function rankedImpacts<M extends ImpactMentions & { order?: number }>(
  selection: NpsTally,
  mentions: readonly M[],
  options: ReturnType<typeof impactOptions>,
): number | { row: ImpactRow; mention: M }[] {
  if (selection.responses === 0 || mentions.every((mention) => mention.all.responses === 0)) {
    return ImpactStatus.NoData;
  }
  const kept = mentions.filter(
    (mention) => mention.all.responses > 0 && mention.all.responses >= options.minimum,
  );
  if (kept.length === 0) return ImpactStatus.InsufficientData;
  const rows = kept.map((mention) => ({
    row: impactRowOf(selection, mention, options.valueType),
    mention,
    order: mention.order ?? 0,
  }));
  const key = (row: ImpactRow): number => {
    if (options.impactType === ImpactType.Positive) return nullsLast(row.PositiveImpact, -1);
    if (options.impactType === ImpactType.Negative) return nullsLast(row.NegativeImpact, 1);
    return nullsLast(row.Impact, -1);
  };
  rows.sort(
    (a, b) =>
      key(a.row) - key(b.row) ||
      b.row.Responses - a.row.Responses ||
      a.order - b.order ||
      a.row.Category.localeCompare(b.row.Category),
  );
  return rows.map(({ row, mention }) => ({ row, mention }));
}

/** The impact chart's rows (`rankedImpacts`), or the one status row. */
export function impactRows(
  selection: NpsTally,
  mentions: readonly (ImpactMentions & { order?: number })[],
  options: ReturnType<typeof impactOptions>,
): ImpactRow[] {
  const ranked = rankedImpacts(selection, mentions, options);
  return typeof ranked === 'number' ? [impactStatusRow(ranked)] : ranked.map(({ row }) => row);
}

/** A replica count or 0. */
const countOf = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The NPS counts of columns `<prefix>responses`, `<prefix>promoters`, `<prefix>detractors` of a row. */
export function tallyOf(row: Record<string, unknown> | undefined, prefix = ''): NpsTally {
  return {
    responses: countOf(row?.[`${prefix}responses`]),
    promoters: countOf(row?.[`${prefix}promoters`]),
    detractors: countOf(row?.[`${prefix}detractors`]),
  };
}

/** SELECT list of NPS counts over `score` for the rows passing `condition`, named `<prefix>responses` etc. */
export function tallyColumns(score: string, prefix = '', condition = 'true'): string {
  return (
    `count(*) FILTER (WHERE ${condition}) AS ${prefix}responses, ` +
    `count(*) FILTER (WHERE (${condition}) AND ${score} >= ${PROMOTER_MIN_SCORE}) AS ${prefix}promoters, ` +
    `count(*) FILTER (WHERE (${condition}) AND ${score} < ${NEUTRAL_MIN_SCORE}) AS ${prefix}detractors`
  );
}

/**
 * S: the selection's sessions with an NPS answer (the session's nps_score), as SQL on `sessions s` with its
 * parameters; `extra` narrows it further (e.g. to one survey).
 */
export function selectionSql(query: WidgetQuery, extra?: CompiledFilter): CompiledFilter {
  const where = whereOf(query, 'sessions', { alias: 's' });
  if (!where) throw new Error('the current period always has a WHERE clause');
  const parts = [where.where, 's.nps_score IS NOT NULL', ...(extra ? [extra.where] : [])];
  return {
    where: `SELECT s.session_id, s.nps_score FROM sessions s WHERE ${parts.join(' AND ')}`,
    params: [...where.params, ...(extra?.params ?? [])],
  };
}

/** NPS counts of S. */
export async function selectionTally(
  replica: AnalyticsReplica,
  selection: CompiledFilter,
): Promise<NpsTally> {
  const [row] = await replica.query(
    `SELECT ${tallyColumns('nps_score')} FROM (${selection.where})`,
    selection.params,
  );
  return tallyOf(row);
}

type TopicMentionRow = Record<string, unknown> & { topic_id: number; sentiment: number | null };

/** A topic's mentions (M, M+, M-) in the selection, with its id. */
export type TopicMentions = ImpactMentions & { topicId: number; order: number };

/**
 * Per topic of the model: NPS counts of M, M+ and M- and the mean sentiment. Each (topic, session) is grouped
 * once, as a session may mention a topic in several comments. When the comments' filter is the sessions' clause
 * (`sameClause`: a comment then passes exactly when its session does), the comments' own nps_score stands in for
 * the join with S (its parameters are then left out): the join cost as much as the grouping at 1M.
 */
function mentionsQuery(
  query: WidgetQuery,
  comments: CompiledFilter,
  selection: CompiledFilter,
  modelId: number,
): { sql: string; params: CompiledFilter['params'] } {
  const mentionColumns = `bool_or(l.sentiment = 4) AS positive, bool_or(l.sentiment = 0) AS negative,
           sum(l.sentiment) FILTER (WHERE l.sentiment >= 0) AS sentiment_sum,
           count(*) FILTER (WHERE l.sentiment >= 0) AS sentiment_count`;
  const topicsOf = `SELECT topic_id, ${tallyColumns('nps')}, ${tallyColumns('nps', 'positive_', 'positive')},
         ${tallyColumns('nps', 'negative_', 'negative')},
         sum(sentiment_sum) / nullif(sum(sentiment_count), 0) AS sentiment
       FROM mentions GROUP BY topic_id`;
  if (sameClause(whereOf(query, 'sessions', { alias: 'c' }), comments)) {
    const sql = `WITH labels AS (
         SELECT session_id, nps, label.topic_id AS topic_id, label.sentiment AS sentiment
         FROM (SELECT c.session_id, c.nps_score AS nps, unnest(c.topic_labels) AS label
               FROM comments c WHERE ${comments.where} AND c.nps_score IS NOT NULL)
         WHERE label.model_id = ?
       ),
       mentions AS (
         SELECT l.topic_id, l.session_id, any_value(l.nps) AS nps, ${mentionColumns}
         FROM labels l GROUP BY l.topic_id, l.session_id
       )
       ${topicsOf}`;
    return { sql, params: [...comments.params, modelId] };
  }
  const sql = `WITH s AS (${selection.where}),
       labels AS (
         SELECT session_id, label.topic_id AS topic_id, label.sentiment AS sentiment
         FROM (SELECT c.session_id, unnest(list_filter(c.topic_labels, lambda l: l.model_id = ?)) AS label
               FROM comments c WHERE ${comments.where})
       ),
       mentions AS (
         SELECT l.topic_id, l.session_id, any_value(s.nps_score) AS nps, ${mentionColumns}
         FROM labels l JOIN s ON s.session_id = l.session_id
         GROUP BY l.topic_id, l.session_id
       )
       ${topicsOf}`;
  return { sql, params: [...selection.params, modelId, ...comments.params] };
}

/**
 * S and each topic's mentions for the text-analytics impact (docs/metrics.md): the topics of
 * dataFilters.TopicModelId that the selection's comments mention. M = the sessions of S with a comment of the
 * selection labelled with the topic; M+ / M- those with a positive (4) / negative (0) mention of it; sentiment =
 * the mean sentiment (0-4) of the classified mentions. OnlyMainTopics keeps main topics. Null without a model (or
 * with an unknown one, or an emotion model). The driver simulation reads the same figures.
 */
export async function topicMentions(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<{ total: NpsTally; mentions: TopicMentions[] } | null> {
  const model = await loadTopicModel(db, query.tenantId, topicModelIdOf(query.dataFilters));
  if (!model || model.isEmotionModel) return null;
  const selection = selectionSql(query);
  const comments = whereOf(query, 'comments', { alias: 'c' });
  if (!comments) throw new Error('the current period always has a WHERE clause');
  const mentioned = mentionsQuery(query, comments, selection, model.id);
  const [total, rows, topics] = await Promise.all([
    selectionTally(replica, selection),
    replica.query<TopicMentionRow>(mentioned.sql, mentioned.params),
    topicsOfModels(db, query.tenantId, [model.id]),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.topic_id), row]));
  const mainOnly = onlyMainTopics(query.dataFilters);
  const mentions = topics
    .filter((topic) => byId.has(topic.id) && (!mainOnly || topic.parentId === null))
    .map((topic, order) => {
      const row = byId.get(topic.id);
      return {
        topicId: topic.id,
        category: topic.name,
        order,
        all: tallyOf(row),
        positive: tallyOf(row, 'positive_'),
        negative: tallyOf(row, 'negative_'),
        sentiment: row?.sentiment === null || row?.sentiment === undefined ? null : Number(row.sentiment),
      };
    });
  return { total, mentions };
}

/** Text-analytics impact (`impact`): one row per mentioned topic (`topicMentions`); no model: status 1. */
export async function topicImpactRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<ImpactRow[]> {
  const options = impactOptions(query.dataFilters);
  const found = await topicMentions(db, replica, query);
  if (!found) return [impactStatusRow(ImpactStatus.NoData)];
  return impactRows(found.total, found.mentions, options);
}
