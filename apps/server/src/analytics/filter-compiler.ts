import {
  DEFAULT_TIME_COLUMN,
  FILTER_FIELDS,
  FILTER_FIELD_KEYS,
  FILTER_TREES,
  filterValues,
  normaliseFilter,
  type FilterFieldDefinition,
  type FilterFieldKey,
  type FilterTree,
  type ReportFilter,
  type TimeColumn,
  type WidgetDataFilters,
} from '@loupe/contracts';
import { invalidValue } from '../errors.js';
import { TIME_COLUMNS, type ReplicaTable } from './replica-schema.js';
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
 * The level (1 = root) of each tree node a filter or restriction may name, by tree (the registry's
 * `FILTER_TREES`); locations serve both ChannelLocationSet and InviteeLocationSet. The caller loads them from
 * PostgreSQL (`level` of transaction_channels, products, locations), e.g. once per tenant. With the level known,
 * "node X and everything below it" is the single equality `channel_l<level> = X`, which DuckDB prunes on best; a
 * node missing from the lookup still filters correctly, through the slower `channel_l1 = X OR … OR channel_l10 = X`.
 */
export type TreeLevels = Partial<Record<FilterTree, ReadonlyMap<number, number>>>;

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
type Column = (name: string) => string;
/** One side's filter (the report's or the widget's), normalised, by property. */
type Values = Partial<Record<string, unknown>>;
type Side = { scope: 'report' | 'widget'; values: Values };

const ALIAS = /^[a-z_][a-z0-9_]*$/i;

/**
 * The one filter compiler (ARCHITECTURE §2): report filter + widget dataFilters + the caller's scoped data ->
 * a parameterised WHERE clause on the replica (`?` placeholders, DuckDB). Every widget query uses it, so the same
 * filter selects the same respondents everywhere. Which properties there are, which replica column each matches
 * and how is the filter-field registry's (contracts `FILTER_FIELDS`: scopes, match, column, tree, combine, joins).
 *
 * How the parts combine:
 * - Always: `tenant_id = ?`, and the restrictions (channels, products, employees), each ANDed, so no filter can
 *   widen them: a user limited to region A who picks region B sees nothing.
 * - Each property of the registry's `report` scope from the report filter, each of its `widget` scope from the
 *   widget's dataFilters; a widget's set filters narrow the report's: both apply, so a row must pass each; for
 *   trees that is the intersection of the two subtrees. QuestionId is the row's question (a fact's measured
 *   question, a comment's open-ended one; on `sessions`, sessions with a fact or comment of it). The report's
 *   ExperienceIds keep, on every table, the sessions that answered a question of one of the experiences (all their
 *   facts, comments); a widget's own ExperienceId(s) say what it measures: on `facts` the facts of those
 *   experiences, elsewhere the sessions with one (docs/reports.md "What ExperienceIds means").
 * - `combine`: SessionStatus, the widget's value wins when it has one; OnlyFinishedSessions, true in either
 *   applies. `joins`: DataSourceSurveyIds count as the report's SurveyId (any of both).
 * - TimeRange comes from the report; the widget's TimeColumn picks the column (default TransactionDateId) and
 *   the range is whole tenant-local days on `<time>_day` keys, both ends included. TimePeriod is informative.
 * - Text-analytics filters come from the report. On `facts` and `sessions` they use the session's columns
 *   (sentiment_score, topic_ids, emotion_ids); on `comments` the comment's own (the row's `commentColumn`:
 *   comment_sentiment_score, topic_labels, emotion_labels); there topics together with a SentimentFilter select
 *   the mentions of those topics with that sentiment (a bubble chart's slice). ScoreRange is on the session's NPS
 *   answer (nps_score) in every table.
 * - Empty values and SessionStatus 0 do not filter (`normaliseFilter`, reports spec §4).
 * - NpsQuestionId, UseInviteeLocation, CategoryType, Deviate and the other dataFilters shape the widget's own
 *   query (which question, grouping, previous period); they are not in the registry and select no rows here.
 */
export function compileFilter(input: CompileFilterInput): CompiledFilter {
  const { tenantId, table, levels = {} } = input;
  if (input.alias !== undefined && !ALIAS.test(input.alias)) throw new Error(`Invalid alias ${input.alias}`);
  const column: Column = (name) => (input.alias ? `${input.alias}.${name}` : name);
  const report: Values = normaliseFilter<ReportFilter>(input.report ?? {});
  const widget: Values = normaliseFilter<WidgetDataFilters>(input.dataFilters ?? {});
  const restrictions = input.restrictions;
  const treeOf = (field: FilterFieldDefinition): Tree => ({
    prefix: column(field.column!),
    depth: FILTER_TREES[field.tree!].depth,
    levels: levels[field.tree!],
  });

  const parts: (Fragment | undefined)[] = [
    { sql: `${column('tenant_id')} = ?`, params: [tenantId] },
    // Scoped data first: applied whatever the filter says.
    treeCondition(treeOf(FILTER_FIELDS.ChannelSet), restrictions?.transactionChannelIds),
    treeCondition(treeOf(FILTER_FIELDS.ProductSet), restrictions?.productIds),
    inList(column('employee_id'), restrictions?.employeeIds),
    timeCondition(column, report.TimeRange as ReportFilter['TimeRange'], widget.TimeColumn as TimeColumn),
  ];

  // On comments, topics with a sentiment (a bubble's slice, or both chosen in the panel) mean mentions of those
  // topics with that sentiment, as the bubble counts them; elsewhere the session's sentiment and topics.
  const topicIds = filterValues('UserDimensionFilters2', report.UserDimensionFilters2) as number[];
  const sentiments = filterValues('SentimentFilter', report.SentimentFilter) as number[];
  const mentions = table === 'comments' && topicIds.length > 0 && sentiments.length > 0;

  const condition = (key: FilterFieldKey, { scope, values: side }: Side): Fragment | undefined => {
    const field = FILTER_FIELDS[key];
    if (field.joins !== undefined) return undefined;
    const values = (): (number | string)[] =>
      [
        ...filterValues(key, side[key]),
        // Properties of the same scope that join this one count as its values.
        ...JOINED[key]
          .filter((joined) => FILTER_FIELDS[joined].scopes.includes(scope))
          .flatMap((joined) => filterValues(joined, side[joined])),
      ] as (number | string)[];
    const ids = () => values() as number[];
    switch (field.match) {
      case 'in':
        return inList(column(field.column!), values() as number[] | string[]);
      case 'tree':
        return treeCondition(treeOf(field), ids());
      case 'segments':
        return segmentsCondition(column(field.column!), values() as string[]);
      case 'question':
        return questionCondition(column, table, tenantId, field.column!, ids());
      case 'experience':
        return experienceCondition(
          column,
          table === 'facts' && scope === 'widget',
          tenantId,
          field.column!,
          ids(),
        );
      case 'equals': {
        const value = side[key];
        if (!value) return undefined;
        return { sql: `${column(field.column!)} = ?`, params: [field.equals ?? (value as number)] };
      }
      case 'range':
        return scoreRangeCondition(column(field.column!), side[key] as ReportFilter['ScoreRange']);
      case 'sentiment':
        if (mentions) {
          return mentionCondition(
            column(FILTER_FIELDS.UserDimensionFilters2.commentColumn!),
            topicIds,
            sentiments,
          );
        }
        return sentimentCondition(column(commentsOr(table, field)), ids());
      case 'labels':
        if (mentions && key === 'UserDimensionFilters2') return undefined;
        return labelCondition(column, table, field, ids());
      case 'freeText':
        return freeTextCondition(column, table, tenantId, field.column!, side[key] as string | undefined);
      case 'time':
      case 'testAnswers':
      case 'none':
        return undefined;
    }
  };

  for (const key of FILTER_FIELD_KEYS) {
    const { scopes, combine } = FILTER_FIELDS[key];
    const sides: Side[] = [
      ...(scopes.includes('report') ? [{ scope: 'report' as const, values: report }] : []),
      ...(scopes.includes('widget') ? [{ scope: 'widget' as const, values: widget }] : []),
    ];
    if (combine === 'widgetWins') {
      // The last side in scope with a value: the widget's over the report's.
      const side = sides.findLast(({ values }) => values[key] !== undefined);
      if (side) parts.push(condition(key, side));
    } else if (combine === 'either') {
      const side = sides.find(({ values }) => Boolean(values[key]));
      if (side) parts.push(condition(key, side));
    } else {
      for (const side of sides) parts.push(condition(key, side));
    }
  }

  // A report's or widget's figure leaves test users' sessions out unless either side includes them; a caller
  // with neither filter (the survey statistics' restriction) counts every session.
  const figure = input.report !== undefined || input.dataFilters !== undefined;
  if (figure && !report.IncludeTestAnswers && !widget.IncludeTestAnswers) {
    parts.push({ sql: `${column(FILTER_FIELDS.IncludeTestAnswers.column!)} IS NOT TRUE`, params: [] });
  }

  const fragments = parts.filter((part): part is Fragment => part !== undefined);
  return {
    where: fragments.map((fragment) => fragment.sql).join(' AND '),
    params: fragments.flatMap((fragment) => fragment.params),
  };
}

/** The properties whose values count as each property's (`joins`). */
const JOINED = Object.fromEntries(
  FILTER_FIELD_KEYS.map((key) => [
    key,
    FILTER_FIELD_KEYS.filter((other) => FILTER_FIELDS[other].joins === key),
  ]),
) as Record<FilterFieldKey, FilterFieldKey[]>;

/** The column a row of `table` matches: a comment's own where the property has one. */
function commentsOr(table: ReplicaTable, field: FilterFieldDefinition): string {
  return table === 'comments' && field.commentColumn !== undefined ? field.commentColumn : field.column!;
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

/**
 * A list column holding any of the values. Up to LIST_OR_LIMIT values it is one list_contains per value, ORed:
 * at 1M sessions DuckDB took 14 ms for two segments where list_has_any(column, ?) took 88 ms, and 8 ms against
 * 26 ms for one topic (bench/RESULTS.md, round two). Longer lists keep the one list parameter.
 */
function listHasAny(column: string, values: readonly number[] | readonly string[]): Fragment {
  const unique = [...new Set<number | string>(values)];
  if (unique.length > LIST_OR_LIMIT)
    return { sql: `list_has_any(${column}, ?)`, params: [unique as number[]] };
  return { sql: `(${unique.map(() => `list_contains(${column}, ?)`).join(' OR ')})`, params: unique };
}
const LIST_OR_LIMIT = 32;

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
  column: Column,
  range: ReportFilter['TimeRange'],
  timeColumn: TimeColumn | undefined,
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
  if (!match) throw invalidValue('TimeRange');
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
    if (!match) throw invalidValue('Segments');
    const group = Number(match[1]);
    byGroup.set(group, [...(byGroup.get(group) ?? []), Number(match[2])]);
  }
  return allOf([...byGroup.values()].map((ids) => listHasAny(column, ids)));
}

/** Rows of sessions with a fact or comment of the questions; on facts and comments the row's own question. */
function questionCondition(
  column: Column,
  table: ReplicaTable,
  tenantId: number,
  questionColumn: string,
  questionIds: readonly number[],
): Fragment | undefined {
  if (table !== 'sessions') return inList(column(questionColumn), questionIds);
  const questions = inList(questionColumn, questionIds);
  if (!questions) return undefined;
  return {
    sql:
      `${column('session_id')} IN (SELECT session_id FROM facts WHERE tenant_id = ? AND ${questions.sql} ` +
      `UNION ALL SELECT session_id FROM comments WHERE tenant_id = ? AND ${questions.sql})`,
    params: [tenantId, ...questions.params, tenantId, ...questions.params],
  };
}

/**
 * The sessions that answered a question of one of the experiences (only facts have experiences), on every table:
 * the report's ExperienceIds select respondents, and each widget measures its own facts of them (an NPS widget
 * the NPS answers of the sessions that answered the experience). `ownFacts`: a widget's own ExperienceId(s) on
 * facts, which say what the widget measures: the facts of those experiences.
 */
function experienceCondition(
  column: Column,
  ownFacts: boolean,
  tenantId: number,
  experienceColumn: string,
  experienceIds: readonly number[],
): Fragment | undefined {
  if (ownFacts) return inList(column(experienceColumn), experienceIds);
  const experiences = inList(experienceColumn, experienceIds);
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
function sentimentCondition(column: string, scores: readonly number[]): Fragment | undefined {
  if (scores.length === 0) return undefined;
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

/**
 * Topics (UserDimensionFilters2) or emotions (EmotionDimensionFilters): any of the chosen ids, in the session's
 * id list or, on comments, the comment's own labels.
 */
function labelCondition(
  column: Column,
  table: ReplicaTable,
  field: FilterFieldDefinition,
  ids: readonly number[],
): Fragment | undefined {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return undefined;
  if (table !== 'comments') return listHasAny(column(field.column!), unique);
  const labels = `list_transform(${column(field.commentColumn!)}, lambda label: label.topic_id)`;
  return { sql: `list_has_any(${labels}, ?)`, params: [unique] };
}

/** Every query word must hit one of its terms (see text-terms.ts); other tables keep sessions with such a comment. */
function freeTextCondition(
  column: Column,
  table: ReplicaTable,
  tenantId: number,
  termsColumn: string,
  text: string | undefined,
): Fragment | undefined {
  if (!text) return undefined;
  const groups = queryTermGroups(text);
  // A query of stop words only names nothing to look for, like an empty one.
  if (groups.length === 0) return undefined;
  const searchTerms = table === 'comments' ? column(termsColumn) : termsColumn;
  const words = allOf(groups.map((terms) => listHasAny(searchTerms, terms))) as Fragment;
  if (table === 'comments') return words;
  return {
    sql: `${column('session_id')} IN (SELECT session_id FROM comments WHERE tenant_id = ? AND ${words.sql})`,
    params: [tenantId, ...words.params],
  };
}
