import { and, eq } from 'drizzle-orm';
import {
  NPS_AUDIENCES,
  RESPONSE_COMMENT_EXCERPT,
  type GridPage,
  type GridQuery,
  type ResponseListItem,
  type ResponsesAnalyzerFilter,
} from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import type { Db } from '../../db/client.js';
import { anyOf } from '../../db/any-of.js';
import { employees, products, surveys, transactionChannels } from '../../db/schema/index.js';
import { parseOrderBy, queryError } from '../../grid/odata-filter.js';
import { atCallerOffset, loadWidgetQuery, whereOf } from '../widget-data/index.js';

/*
 * The responses analyzer's grid (docs/responses-analyzer.md): the answered sessions (`answered_at` set) of the
 * replica's `sessions` table that the report filter selects through the one filter compiler (tenant, the caller's
 * data restrictions, every filter property, TimeRange on TimeColumn, test users left out unless asked for): the
 * same sessions as a widget with the same filter. Names come from PostgreSQL by id, the comment excerpt from the
 * replica's `comments` for the page's sessions only.
 */

/** `$orderby` fields and their replica columns; the rest of a row is not sortable (names live in PostgreSQL). */
const SORTABLE: Record<string, string> = {
  AnsweredDate: 's.answered_at',
  SessionId: 's.session_id',
  InviteeId: 's.invitee_id',
  SurveyId: 's.survey_id',
  NpsScore: 's.nps_score',
  SentimentScore: 's.sentiment_score',
};
const DEFAULT_ORDER = 'AnsweredDate desc, SessionId desc';

/** The ORDER BY of a `$orderby`, the default order appended as the tie-breaker (400 / 3333 for other fields). */
function orderByOf(text: string | undefined): string {
  const items = [...(text?.trim() ? parseOrderBy(text) : []), ...parseOrderBy(DEFAULT_ORDER)];
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const { field, direction } of items) {
    if (seen.has(field)) continue;
    seen.add(field);
    const column = SORTABLE[field];
    if (!column)
      throw queryError(
        '$orderby',
        `Unknown field "${field}" (sortable: ${Object.keys(SORTABLE).join(', ')})`,
      );
    terms.push(`${column} ${direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  }
  return terms.join(', ');
}

type SessionRow = {
  session_id: number;
  invitee_id: number;
  answered_at: string;
  survey_id: number;
  nps_score: number | null;
  respondent_type: number | null;
  channel_id: number | null;
  product_id: number | null;
  employee_id: number | null;
  sentiment_score: number | null;
};

/** The excerpt of a comment: whitespace folded, cut at RESPONSE_COMMENT_EXCERPT characters with an ellipsis. */
export function excerptOf(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const characters = [...folded];
  if (characters.length <= RESPONSE_COMMENT_EXCERPT) return folded;
  return `${characters
    .slice(0, RESPONSE_COMMENT_EXCERPT - 1)
    .join('')
    .trimEnd()}…`;
}

/** Respondent type (0 promoter, 1 neutral, 2 detractor) -> the audience's name. */
export const audienceOf = (type: number | null) =>
  type === null ? null : (NPS_AUDIENCES[Number(type)] ?? null);

/** id -> name of some rows of a tenant's table. */
export async function namesOf(
  db: Db,
  tenantId: number,
  table: typeof surveys | typeof transactionChannels | typeof products | typeof employees,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null).map(Number))];
  if (unique.length === 0) return new Map();
  const name = 'title' in table ? table.title : 'fullName' in table ? table.fullName : table.name;
  const rows = await db
    .select({ id: table.id, name })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), anyOf(table.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function createResponsesList({ db, replica }: ModuleDeps) {
  return async function list(
    actor: Actor,
    filter: ResponsesAnalyzerFilter,
    query: GridQuery,
    offset: number,
  ): Promise<GridPage<ResponseListItem>> {
    // The body is the filter: a grid `$filter` has no fields to name here.
    if (query.$filter?.trim())
      throw queryError('$filter', 'The responses analyzer is filtered by its body (the report filter)');
    const orderBy = orderByOf(query.$orderby);
    const { TimeColumn, ...report } = filter;
    const widgetQuery = await loadWidgetQuery(db, actor, {
      ...report,
      DataFilters: TimeColumn ? { TimeColumn } : {},
    });
    const where = whereOf(widgetQuery, 'sessions', { alias: 's' })!;
    const answered = `${where.where} AND s.answered_at IS NOT NULL`;
    const [rows, counted] = await Promise.all([
      replica.query<SessionRow>(
        `SELECT s.session_id, s.invitee_id, s.answered_at, s.survey_id, s.nps_score, s.respondent_type,
           s.channel_id, s.product_id, s.employee_id, s.sentiment_score
         FROM sessions s WHERE ${answered}
         ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        [...where.params, query.$top, query.$skip],
      ),
      replica.query<{ n: number }>(`SELECT count(*) AS n FROM sessions s WHERE ${answered}`, where.params),
    ]);
    const tenantId = widgetQuery.tenantId;
    const sessionIds = rows.map((row) => Number(row.session_id));
    const [comments, surveyNames, channelNames, productNames, employeeNames] = await Promise.all([
      sessionIds.length === 0
        ? Promise.resolve([])
        : replica.query<{ session_id: number; text: string }>(
            `SELECT session_id, arg_min(text, answer_id) AS text FROM comments
             WHERE tenant_id = ? AND session_id = ANY(?) GROUP BY session_id`,
            [tenantId, sessionIds],
          ),
      namesOf(
        db,
        tenantId,
        surveys,
        rows.map((row) => row.survey_id),
      ),
      namesOf(
        db,
        tenantId,
        transactionChannels,
        rows.map((row) => row.channel_id),
      ),
      namesOf(
        db,
        tenantId,
        products,
        rows.map((row) => row.product_id),
      ),
      namesOf(
        db,
        tenantId,
        employees,
        rows.map((row) => row.employee_id),
      ),
    ]);
    const commentOf = new Map(comments.map((row) => [Number(row.session_id), row.text]));
    const idOrNull = (value: number | null) => (value === null ? null : Number(value));
    const nameIn = (names: Map<number, string>, id: number | null) =>
      id === null ? null : (names.get(Number(id)) ?? null);
    return {
      Count: Number(counted[0]?.n ?? 0),
      Items: rows.map((row) => {
        const comment = commentOf.get(Number(row.session_id));
        return {
          SessionId: Number(row.session_id),
          InviteeId: Number(row.invitee_id),
          AnsweredDate: atCallerOffset(row.answered_at, offset),
          SurveyId: Number(row.survey_id),
          SurveyTitle: surveyNames.get(Number(row.survey_id)) ?? '',
          NpsScore: row.nps_score === null ? null : Number(row.nps_score),
          Audience: audienceOf(row.respondent_type),
          ChannelId: idOrNull(row.channel_id),
          ChannelName: nameIn(channelNames, row.channel_id),
          ProductId: idOrNull(row.product_id),
          ProductName: nameIn(productNames, row.product_id),
          EmployeeId: idOrNull(row.employee_id),
          EmployeeName: nameIn(employeeNames, row.employee_id),
          Comment: comment === undefined ? null : excerptOf(comment),
          SentimentScore: idOrNull(row.sentiment_score),
        };
      }),
    };
  };
}
