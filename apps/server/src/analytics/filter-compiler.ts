import {
  DEFAULT_TIME_COLUMN,
  ErrorCode,
  normaliseFilter,
  type ReportFilter,
  type WidgetDataFilters,
} from '@loupe/contracts';
import { badRequest } from '../errors.js';
import {
  CHANNEL_LEVELS,
  LOCATION_LEVELS,
  PRODUCT_LEVELS,
  TIME_COLUMNS,
  type ReplicaTable,
} from './replica-schema.js';
import { queryTermGroups } from './text-terms.js';

/**
 * A value bound to a `?` placeholder; the compiler never writes a filter value into the SQL text. A list binds
 * as ONE DuckDB list parameter (`column = ANY(?)`), never one placeholder per element.
 */
export type SqlParam = number | string | boolean | readonly number[] | readonly string[];

/** A WHERE clause (without the keyword) and its parameters, in placeholder order. */
export type CompiledFilter = { where: string; params: SqlParam[] };

/**
 * The caller's scoped data (users.transaction_channel_ids, product_ids, employee_ids). An empty list means no
 * restriction of that kind; a channel or product stands for itself and everything below it.
 */
export type DataRestrictions = {
  transactionChannelIds: readonly number[];
  productIds: readonly number[];
  employeeIds: readonly number[];
};

/**
 * The level (1 = root) of each tree node a filter or restriction may name, by tree; locations serve both
 * ChannelLocationSet and InviteeLocationSet. The caller loads them from PostgreSQL (`level` of
 * transaction_channels, products, locations), e.g. once per tenant. With the level known, "node X and everything
 * below it" is the single equality `channel_l<level> = X`, which DuckDB prunes on best; a node missing from the
 * lookup still filters correctly, through the slower `channel_l1 = X OR … OR channel_l10 = X`.
 */
export type TreeLevels = {
  channels?: ReadonlyMap<number, number>;
  products?: ReadonlyMap<number, number>;
  locations?: ReadonlyMap<number, number>;
};

export type CompileFilterInput = {
  tenantId: number;
  /** The replica table the clause is for; all carry the same dimension columns. */
  table: ReplicaTable;
  report?: ReportFilter | null;
  dataFilters?: WidgetDataFilters | null;
  restrictions?: DataRestrictions | null;
  levels?: TreeLevels;
  /** Prefix for the table's columns when the query names it (`FROM facts f` -> 'f'). */
  alias?: string;
};

type Fragment = { sql: string; params: SqlParam[] };
type Tree = { prefix: string; depth: number; levels: ReadonlyMap<number, number> | undefined };

const ALIAS = /^[a-z_][a-z0-9_]*$/i;

/**
 * The one filter compiler (ARCHITECTURE §2): report filter + widget dataFilters + the caller's scoped data ->
 * a parameterised WHERE clause on the replica (`?` placeholders, DuckDB). Every widget query uses it, so the same
 * filter selects the same respondents everywhere.
 *
 * How the parts combine:
 * - Always: `tenant_id = ?`, and the restrictions (channels, products, employees), each ANDed, so no filter can
 *   widen them: a user limited to region A who picks region B sees nothing.
 * - A widget's own set filters (ChannelSet, ProductSet, ChannelLocationSet, InviteeLocationSet, TransactionTypeId,
 *   Segments, SurveyId, QuestionId, ExperienceId(s), RespondentType) narrow the report's: both apply, so a row
 *   must pass each; for trees that is the intersection of the two subtrees. QuestionId is the row's question (a
 *   fact's measured question, a comment's open-ended one; on `sessions`, sessions with a fact or comment of it).
 *   ExperienceIds on `comments` and `sessions` keeps the sessions with a fact of that experience.
 * - SessionStatus: the widget's value wins when it has one. OnlyFinishedSessions: true in either applies.
 * - TimeRange comes from the report; the widget's TimeColumn picks the column (default TransactionDateId) and
 *   the range is whole tenant-local days on `<time>_day` keys, both ends included. TimePeriod is informative.
 * - Text-analytics filters come from the report. On `facts` and `sessions` they use the session's columns
 *   (sentiment_score, topic_ids, emotion_ids); on `comments` the comment's own (comment_sentiment_score,
 *   topic_labels, emotion_labels); there topics together with a SentimentFilter select the mentions of those topics
 *   with that sentiment (a bubble chart's slice). ScoreRange is on the session's NPS answer (nps_score) in every table.
 * - Empty values and SessionStatus 0 do not filter (`normaliseFilter`, reports spec §4).
 * - NpsQuestionId, UseInviteeLocation, CategoryType, Deviate and the other dataFilters shape the widget's own
 *   query (which question, grouping, previous period); they select no rows here.
 */
export function compileFilter(input: CompileFilterInput): CompiledFilter {
  const { tenantId, table, levels = {} } = input;
  if (input.alias !== undefined && !ALIAS.test(input.alias)) throw new Error(`Invalid alias ${input.alias}`);
  const column = (name: string) => (input.alias ? `${input.alias}.${name}` : name);
  const report = normaliseFilter<ReportFilter>(input.report ?? {});
  const widget = normaliseFilter<WidgetDataFilters>(input.dataFilters ?? {});
  const restrictions = input.restrictions;

  const channels: Tree = { prefix: column('channel'), depth: CHANNEL_LEVELS, levels: levels.channels };
  const products: Tree = { prefix: column('product'), depth: PRODUCT_LEVELS, levels: levels.products };
  const channelLocations: Tree = {
    prefix: column('channel_location'),
    depth: LOCATION_LEVELS,
    levels: levels.locations,
  };
  const inviteeLocations: Tree = {
    prefix: column('invitee_location'),
    depth: LOCATION_LEVELS,
    levels: levels.locations,
  };

  const parts: (Fragment | undefined)[] = [
    { sql: `${column('tenant_id')} = ?`, params: [tenantId] },
    // Scoped data first: applied whatever the filter says.
    treeCondition(channels, restrictions?.transactionChannelIds),
    treeCondition(products, restrictions?.productIds),
    inList(column('employee_id'), restrictions?.employeeIds),
    timeCondition(column, report.TimeRange, widget.TimeColumn),
  ];

  for (const filter of [report, widget]) {
    parts.push(
      treeCondition(channels, filter.ChannelSet?.Ids),
      treeCondition(products, filter.ProductSet?.Ids),
      treeCondition(channelLocations, filter.ChannelLocationSet?.Ids),
      treeCondition(inviteeLocations, filter.InviteeLocationSet?.Ids),
      inList(column('transaction_type_id'), asIds(filter.TransactionTypeId)),
      segmentsCondition(column('segment_ids'), filter.Segments),
      inList(column('respondent_type'), asIds(filter.RespondentType)),
      questionCondition(column, table, tenantId, asIds(filter.QuestionId)),
      experienceCondition(column, table, tenantId, filter.ExperienceIds),
    );
  }
  parts.push(
    inList(column('survey_id'), [...asIds(report.SurveyId), ...asIds(report.DataSourceSurveyIds)]),
    inList(column('survey_id'), asIds(widget.SurveyId)),
    experienceCondition(column, table, tenantId, asIds(widget.ExperienceId)),
    inList(column('journey_stage_id'), report.JourneyStages),
  );

  const sessionStatus = widget.SessionStatus ?? report.SessionStatus;
  if (sessionStatus) parts.push({ sql: `${column('session_status')} = ?`, params: [sessionStatus] });
  // Survey completion 1 = completed.
  if (report.OnlyFinishedSessions || widget.OnlyFinishedSessions) {
    parts.push({ sql: `${column('completion')} = ?`, params: [1] });
  }

  const topicIds = report.UserDimensionFilters2?.flatMap((topics) => topics.TopicIds) ?? [];
  // On comments, topics with a sentiment (a bubble's slice, or both chosen in the panel) mean mentions of those
  // topics with that sentiment, as the bubble counts them; elsewhere the session's sentiment and topics.
  const mentions = table === 'comments' && topicIds.length > 0 && (report.SentimentFilter?.length ?? 0) > 0;
  parts.push(
    scoreRangeCondition(column('nps_score'), report.ScoreRange),
    mentions
      ? mentionCondition(column('topic_labels'), topicIds, report.SentimentFilter!)
      : sentimentCondition(
          column(table === 'comments' ? 'comment_sentiment_score' : 'sentiment_score'),
          report.SentimentFilter,
        ),
    mentions ? undefined : labelCondition(column, table, 'topic', topicIds),
    labelCondition(column, table, 'emotion', report.EmotionDimensionFilters),
    inList(column('source'), asList(report.Source)),
    freeTextCondition(column, table, tenantId, report.FreeTextFilter),
  );

  const fragments = parts.filter((part): part is Fragment => part !== undefined);
  return {
    where: fragments.map((fragment) => fragment.sql).join(' AND '),
    params: fragments.flatMap((fragment) => fragment.params),
  };
}

function asIds(value: number | readonly number[] | null | undefined): number[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'number' ? [value] : [...value];
}

function asList(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

function inList(
  column: string,
  values: readonly number[] | readonly string[] | null | undefined,
): Fragment | undefined {
  const unique = [...new Set<number | string>(values ?? [])] as number[] | string[];
  if (unique.length === 0) return undefined;
  if (unique.length === 1) return { sql: `${column} = ?`, params: unique };
  return { sql: `${column} = ANY(?)`, params: [unique] };
}

/** Rows at or below any of the nodes: `<prefix>_l<level of node> = node`, by level. */
function treeCondition(tree: Tree, ids: readonly number[] | null | undefined): Fragment | undefined {
  if (!ids || ids.length === 0) return undefined;
  const byLevel = new Map<number, number[]>();
  const unknown: number[] = [];
  for (const id of new Set(ids)) {
    const level = tree.levels?.get(id);
    if (level !== undefined && Number.isInteger(level) && level >= 1 && level <= tree.depth) {
      byLevel.set(level, [...(byLevel.get(level) ?? []), id]);
    } else {
      unknown.push(id);
    }
  }
  const alternatives: Fragment[] = [...byLevel]
    .sort(([a], [b]) => a - b)
    .map(([level, levelIds]) => inList(`${tree.prefix}_l${level}`, levelIds) as Fragment);
  if (unknown.length > 0) {
    for (let level = 1; level <= tree.depth; level += 1) {
      alternatives.push(inList(`${tree.prefix}_l${level}`, unknown) as Fragment);
    }
  }
  return anyOf(alternatives);
}

function anyOf(alternatives: Fragment[]): Fragment | undefined {
  if (alternatives.length === 0) return undefined;
  if (alternatives.length === 1) return alternatives[0];
  return {
    sql: `(${alternatives.map((alternative) => alternative.sql).join(' OR ')})`,
    params: alternatives.flatMap((alternative) => alternative.params),
  };
}

function allOf(fragments: Fragment[]): Fragment | undefined {
  if (fragments.length === 0) return undefined;
  return {
    sql: fragments.map((fragment) => fragment.sql).join(' AND '),
    params: fragments.flatMap((fragment) => fragment.params),
  };
}

function timeCondition(
  column: (name: string) => string,
  range: ReportFilter['TimeRange'],
  timeColumn: WidgetDataFilters['TimeColumn'],
): Fragment | undefined {
  if (!range) return undefined;
  const prefix = TIME_COLUMNS[timeColumn ?? DEFAULT_TIME_COLUMN];
  const [from, to] = [dayKey(range[0]), dayKey(range[1])];
  return {
    sql: `${column(`${prefix}_day`)} BETWEEN ? AND ?`,
    params: [Math.min(from, to), Math.max(from, to)],
  };
}

/** '2024-03-01' (or a date-time written on that day) -> 20240301, the replica's yyyymmdd day key. */
function dayKey(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) throw badRequest(ErrorCode.ModelNotValid, { field: 'TimeRange', value });
  return Number(match[1]) * 10_000 + Number(match[2]) * 100 + Number(match[3]);
}

/** Segments 'groupId;id': any of the chosen segments within a group, every group chosen. */
function segmentsCondition(
  column: string,
  segments: readonly string[] | null | undefined,
): Fragment | undefined {
  if (!segments || segments.length === 0) return undefined;
  const byGroup = new Map<number, number[]>();
  for (const segment of segments) {
    const match = /^(\d+);(\d+)$/.exec(segment.trim());
    if (!match) throw badRequest(ErrorCode.ModelNotValid, { field: 'Segments', value: segment });
    const group = Number(match[1]);
    byGroup.set(group, [...(byGroup.get(group) ?? []), Number(match[2])]);
  }
  return allOf(
    [...byGroup.values()].map((ids) => ({
      sql: `list_has_any(${column}, ?)`,
      params: [ids],
    })),
  );
}

/** Rows of sessions with a fact or comment of the questions; on facts and comments the row's own question. */
function questionCondition(
  column: (name: string) => string,
  table: ReplicaTable,
  tenantId: number,
  questionIds: readonly number[],
): Fragment | undefined {
  if (table !== 'sessions') return inList(column('question_id'), questionIds);
  const questions = inList('question_id', questionIds);
  if (!questions) return undefined;
  return {
    sql:
      `${column('session_id')} IN (SELECT session_id FROM facts WHERE tenant_id = ? AND ${questions.sql} ` +
      `UNION ALL SELECT session_id FROM comments WHERE tenant_id = ? AND ${questions.sql})`,
    params: [tenantId, ...questions.params, tenantId, ...questions.params],
  };
}

/** Facts rows of the experiences; elsewhere the sessions that measured one of them (only facts have experiences). */
function experienceCondition(
  column: (name: string) => string,
  table: ReplicaTable,
  tenantId: number,
  experienceIds: readonly number[] | null | undefined,
): Fragment | undefined {
  if (table === 'facts') return inList(column('experience_id'), experienceIds);
  const experiences = inList('experience_id', experienceIds);
  if (!experiences) return undefined;
  return {
    sql: `${column('session_id')} IN (SELECT session_id FROM facts WHERE tenant_id = ? AND ${experiences.sql})`,
    params: [tenantId, ...experiences.params],
  };
}

function scoreRangeCondition(column: string, range: ReportFilter['ScoreRange']): Fragment | undefined {
  if (!range) return undefined;
  const bounds: Fragment[] = [];
  if (range.min !== null) bounds.push({ sql: `${column} >= ?`, params: [range.min] });
  if (range.max !== null) bounds.push({ sql: `${column} <= ?`, params: [range.max] });
  return allOf(bounds);
}

/** Sentiment scores 4, 2, 0; -1 is unclassified, the spec's "[* TO -1]". */
function sentimentCondition(
  column: string,
  scores: readonly number[] | null | undefined,
): Fragment | undefined {
  if (!scores || scores.length === 0) return undefined;
  const alternatives: Fragment[] = [];
  const classified = inList(
    column,
    scores.filter((score) => score >= 0),
  );
  if (classified) alternatives.push(classified);
  if (scores.some((score) => score < 0)) alternatives.push({ sql: `${column} < ?`, params: [0] });
  return anyOf(alternatives);
}

/** Comments with a mention of one of the topics whose own sentiment is one of the scores (-1: unclassified, < 0). */
function mentionCondition(labels: string, topicIds: readonly number[], scores: readonly number[]): Fragment {
  const topics = [...new Set(topicIds)];
  const classified = [...new Set(scores.filter((score) => score >= 0))];
  const sentiments: string[] = [];
  if (classified.length > 0) sentiments.push('list_contains(?, label.sentiment)');
  if (scores.some((score) => score < 0)) sentiments.push('label.sentiment < 0');
  return {
    sql:
      `len(list_filter(${labels}, lambda label: list_contains(?, label.topic_id) ` +
      `AND (${sentiments.join(' OR ')}))) > 0`,
    params: classified.length > 0 ? [topics, classified] : [topics],
  };
}

/** Topics (UserDimensionFilters2) or emotions (EmotionDimensionFilters): any of the chosen ids. */
function labelCondition(
  column: (name: string) => string,
  table: ReplicaTable,
  kind: 'topic' | 'emotion',
  ids: readonly number[] | null | undefined,
): Fragment | undefined {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return undefined;
  const labels =
    table === 'comments'
      ? `list_transform(${column(`${kind}_labels`)}, lambda label: label.topic_id)`
      : column(`${kind}_ids`);
  return { sql: `list_has_any(${labels}, ?)`, params: [unique] };
}

/** Every query word must hit one of its terms (see text-terms.ts); other tables keep sessions with such a comment. */
function freeTextCondition(
  column: (name: string) => string,
  table: ReplicaTable,
  tenantId: number,
  text: string | null | undefined,
): Fragment | undefined {
  if (!text) return undefined;
  const groups = queryTermGroups(text);
  // A query of stop words only names nothing to look for, like an empty one.
  if (groups.length === 0) return undefined;
  const searchTerms = table === 'comments' ? column('search_terms') : 'search_terms';
  const words = allOf(
    groups.map((terms) => ({
      sql: `list_has_any(${searchTerms}, ?)`,
      params: [terms],
    })),
  ) as Fragment;
  if (table === 'comments') return words;
  return {
    sql: `${column('session_id')} IN (SELECT session_id FROM comments WHERE tenant_id = ? AND ${words.sql})`,
    params: [tenantId, ...words.params],
  };
}
