import { and, eq } from 'drizzle-orm';
import { npsOf, type WidgetTablePage } from '@loupe/contracts';
import { TIME_COLUMNS } from '../../../analytics/replica-schema.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { products, surveys, transactionChannels } from '../../../db/schema/index.js';
import { parseOrderBy, queryError } from '../../../grid/odata-filter.js';
import { atCallerOffset } from '../shared/caller-time.js';
import {
  both,
  measuredFacts,
  npsAggregates,
  npsCounts,
  whereOf,
  type WidgetQuery,
} from '../shared/widget-query.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * The table widgets' queries (reports spec §2, §9; docs/widgets-tables.md): ODataTable, NPS figures per channel
 * at dataFilters.ChannelColumnLevel, and SurveyAnswersTable, one row per answered session. Figures and rows come
 * from the replica through the one filter compiler (`whereOf`); names and survey titles are read from
 * PostgreSQL by id, after paging. Both answer a page `{ Items, Count, Columns }`, ordered by a whitelisted
 * `$orderby` with a fixed tie-breaker, so pages never overlap.
 */

export type TableColumn = WidgetTablePage['Columns'][number];
export type TableRow = WidgetTablePage['Items'][number];
export type TableKind = 'channelTable' | 'answers';
export type OrderTerm = { field: string; direction: 'asc' | 'desc' };
export type TablePageRequest = { top: number; skip: number; order: OrderTerm[] };
export type TableDeps = { db: Db; replica: AnalyticsReplica };

const TITLE = (field: string) => `widgetTables:column.${field}`;

export const CHANNEL_TABLE_COLUMNS: readonly TableColumn[] = [
  { Field: 'Channel', Title: TITLE('Channel'), Type: 'text' },
  { Field: 'Responses', Title: TITLE('Responses'), Type: 'number', Format: 'n0' },
  { Field: 'Promoters', Title: TITLE('Promoters'), Type: 'number', Format: 'n0' },
  { Field: 'Neutrals', Title: TITLE('Neutrals'), Type: 'number', Format: 'n0' },
  { Field: 'Detractors', Title: TITLE('Detractors'), Type: 'number', Format: 'n0' },
  { Field: 'Nps', Title: TITLE('Nps'), Type: 'number', Format: 'n1' },
  { Field: 'AverageScore', Title: TITLE('AverageScore'), Type: 'number', Format: 'n1' },
];

/**
 * Survey, Channel, Product and Comment do not sort: their text is read after paging (labels from PostgreSQL, the
 * comment from the page's sessions only), so ordering by it would mean reading every row's label first.
 */
const ANSWERS_COLUMNS: readonly TableColumn[] = [
  { Field: 'AnsweredDate', Title: TITLE('AnsweredDate'), Type: 'date' },
  { Field: 'Survey', Title: TITLE('Survey'), Type: 'text', Sortable: false },
  { Field: 'Channel', Title: TITLE('Channel'), Type: 'text', Sortable: false },
  { Field: 'Product', Title: TITLE('Product'), Type: 'text', Sortable: false },
  // One answer's score: a whole number, written without decimals.
  { Field: 'NpsScore', Title: TITLE('NpsScore'), Type: 'number', Format: 'n0' },
  { Field: 'RespondentType', Title: TITLE('RespondentType'), Type: 'text' },
  { Field: 'Comment', Title: TITLE('Comment'), Type: 'text', Sortable: false },
  { Field: 'SessionId', Title: TITLE('SessionId'), Type: 'number' },
];

export const TABLE_COLUMNS: Record<TableKind, readonly TableColumn[]> = {
  channelTable: CHANNEL_TABLE_COLUMNS,
  answers: ANSWERS_COLUMNS,
};

/** The order a table takes without `$orderby`, and its tie-breaker after one. */
const DEFAULT_ORDER: Record<TableKind, OrderTerm[]> = {
  channelTable: [
    { field: 'Channel', direction: 'asc' },
    { field: 'ChannelId', direction: 'asc' },
  ],
  answers: [
    { field: 'AnsweredDate', direction: 'desc' },
    { field: 'SessionId', direction: 'desc' },
  ],
};

/**
 * `$orderby` ('Nps desc, Channel') against the table's sortable columns, followed by the table's default order
 * as the tie-breaker; anything else answers 400 (3333) naming the field.
 */
export function tableOrder(kind: TableKind, text: string | undefined): OrderTerm[] {
  const sortable = TABLE_COLUMNS[kind].filter((column) => column.Sortable !== false).map((c) => c.Field);
  const asked = text?.trim() ? parseOrderBy(text) : [];
  for (const { field } of asked) {
    if (!sortable.includes(field)) {
      throw queryError(
        '$orderby',
        `Unknown or unsortable field "${field}" (sortable: ${sortable.join(', ')})`,
      );
    }
  }
  const seen = new Set<string>();
  return [...asked, ...DEFAULT_ORDER[kind]].filter(({ field }) => !seen.has(field) && seen.add(field));
}

// ——— ODataTable: NPS per channel ———

type ChannelFigures = {
  channel_id: number;
  responses: number;
  promoters: number;
  neutrals: number;
  detractors: number;
  average: number | null;
};

/**
 * Every channel at ChannelColumnLevel (default 1) with measured answers in the selection, with its NPS figures
 * and name, in `order`. Answers given at a deeper channel count for its ancestor at that level; answers above
 * the level have no channel there and are left out. MinimumResponseCount, when set, drops smaller channels.
 * The rows are few (one per channel of a level), so they are ordered here, by name in the caller's language.
 */
export async function channelTableRows(
  { db, replica }: TableDeps,
  query: WidgetQuery,
  { order, language }: { order: OrderTerm[]; language: string },
): Promise<TableRow[]> {
  const level = query.dataFilters.ChannelColumnLevel ?? 1;
  const channel = `channel_l${level}`;
  const filter = whereOf(query, 'facts');
  if (!filter) return [];
  const where = both(filter, measuredFacts(query.dataFilters));
  const minimum = query.dataFilters.MinimumResponseCount ?? 0;
  const figures = await replica.query<ChannelFigures>(
    `SELECT ${channel} AS channel_id, ${npsAggregates()} FROM facts
     WHERE ${where.where} AND ${channel} IS NOT NULL
     GROUP BY ${channel} HAVING count(*) >= ?`,
    [...where.params, minimum],
  );
  const names = await namesOf(
    db,
    transactionChannels,
    query.tenantId,
    figures.map((row) => row.channel_id),
  );
  const rows: TableRow[] = figures.map((row) => {
    const counts = npsCounts(row);
    return {
      ChannelId: row.channel_id,
      Channel: names.get(row.channel_id) ?? `#${row.channel_id}`,
      Responses: counts.responses,
      Promoters: counts.promoters,
      Neutrals: counts.neutrals,
      Detractors: counts.detractors,
      Nps: npsOf(counts.promoters, counts.detractors, counts.responses),
      AverageScore: counts.average,
    };
  });
  return rows.sort(rowComparator(order, language));
}

/** One page of `channelTableRows`. */
export async function channelTablePage(
  deps: TableDeps,
  query: WidgetQuery,
  { top, skip, order, language }: TablePageRequest & { language: string },
): Promise<WidgetTablePage> {
  const rows = await channelTableRows(deps, query, { order, language });
  return { Items: rows.slice(skip, skip + top), Count: rows.length, Columns: [...CHANNEL_TABLE_COLUMNS] };
}

/** Orders rows by the terms: text by the language's collation, numbers numerically, nulls last either way. */
function rowComparator(order: OrderTerm[], language: string): (a: TableRow, b: TableRow) => number {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return (a, b) => {
    for (const { field, direction } of order) {
      const x = a[field] ?? null;
      const y = b[field] ?? null;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const difference =
        typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (difference !== 0) return direction === 'asc' ? difference : -difference;
    }
    return 0;
  };
}

// ——— SurveyAnswersTable: one row per answered session ———

type AnswerRow = {
  session_id: number;
  survey_id: number;
  channel_id: number | null;
  product_id: number | null;
  nps_score: number | null;
  respondent_type: number | null;
  answered_date: string | null;
};

/** The SQL behind each sortable answers column; AnsweredDate is the chosen time column's instant. */
function answersOrderSql(order: OrderTerm[], timeColumn: string): string {
  const columns: Record<string, string> = {
    AnsweredDate: timeColumn,
    NpsScore: 'nps_score',
    RespondentType: 'respondent_type',
    SessionId: 'session_id',
  };
  return order
    .map(({ field, direction }) => {
      const column = columns[field];
      // tableOrder whitelists the fields; reaching this is a programming error.
      if (!column) throw new Error(`answers: no order column for ${field}`);
      return `${column} ${direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`;
    })
    .join(', ');
}

/**
 * The answered sessions (an answered time) of the selection, a page at a time: the chosen TimeColumn's time
 * (AnsweredDate, the instant at the caller's TimezoneOffset `offset`, caller-time.ts), survey title, channel and product names, the session's NPS answer and respondent type, the
 * session's first comment (by answer), and the session id. Count is every such session.
 */
export async function answersPage(
  { db, replica }: TableDeps,
  query: WidgetQuery,
  { top, skip, order, offset }: TablePageRequest & { offset: number },
  options: { count?: boolean } = {},
): Promise<WidgetTablePage> {
  const filter = whereOf(query, 'sessions');
  if (!filter) return { Items: [], Count: 0, Columns: [...ANSWERS_COLUMNS] };
  const timeColumn = `${TIME_COLUMNS[query.dataFilters.TimeColumn ?? 'TransactionDateId']}_at`;
  const where = `${filter.where} AND answered_at IS NOT NULL`;
  const [rows, count] = await Promise.all([
    replica.query<AnswerRow>(
      `SELECT session_id, survey_id, channel_id, product_id, nps_score, respondent_type,
         ${timeColumn} AS answered_date
       FROM sessions WHERE ${where}
       ORDER BY ${answersOrderSql(order, timeColumn)} LIMIT ? OFFSET ?`,
      [...filter.params, top, skip],
    ),
    options.count === false
      ? Promise.resolve(null)
      : replica.query<{ count: number }>(
          `SELECT count(*) AS count FROM sessions WHERE ${where}`,
          filter.params,
        ),
  ]);
  const sessionIds = rows.map((row) => row.session_id);
  const [comments, surveyTitles, channelNames, productNames] = await Promise.all([
    sessionIds.length === 0
      ? Promise.resolve([])
      : replica.query<{ session_id: number; text: string }>(
          `SELECT session_id, first(text ORDER BY answer_id) AS text FROM comments
           WHERE tenant_id = ? AND list_contains(?, session_id) GROUP BY session_id`,
          [query.tenantId, sessionIds],
        ),
    titlesOf(
      db,
      query.tenantId,
      rows.map((row) => row.survey_id),
    ),
    namesOf(
      db,
      transactionChannels,
      query.tenantId,
      rows.map((row) => row.channel_id),
    ),
    namesOf(
      db,
      products,
      query.tenantId,
      rows.map((row) => row.product_id),
    ),
  ]);
  const commentOf = new Map(comments.map((comment) => [comment.session_id, comment.text]));
  const Items: TableRow[] = rows.map((row) => ({
    AnsweredDate: atCallerOffset(row.answered_date, offset),
    Survey: surveyTitles.get(row.survey_id) ?? null,
    Channel: row.channel_id === null ? null : (channelNames.get(row.channel_id) ?? null),
    Product: row.product_id === null ? null : (productNames.get(row.product_id) ?? null),
    NpsScore: row.nps_score,
    RespondentType: row.respondent_type,
    Comment: commentOf.get(row.session_id) ?? null,
    SessionId: row.session_id,
  }));
  return { Items, Count: Number(count?.[0]?.count ?? 0), Columns: [...ANSWERS_COLUMNS] };
}

// ——— Labels from PostgreSQL, by id, within the tenant ———

async function namesOf(
  db: Db,
  table: typeof transactionChannels | typeof products,
  tenantId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), anyOf(table.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function titlesOf(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), anyOf(surveys.id, unique)));
  return new Map(rows.map((row) => [row.id, row.title]));
}
