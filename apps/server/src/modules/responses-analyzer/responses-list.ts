import { and, eq } from 'drizzle-orm';
import {
  NPS_AUDIENCES,
  RESPONSE_COMMENT_EXCERPT,
  hasCellLineage,
  hasGroupLineage,
  hasPointLineage,
  hasRegionLineage,
  hasSegmentLineage,
  hasResponseLineage,
  parseJsonObject,
  widgetDataFiltersSchema,
  type GridQuery,
  type ResponseListPage,
  type ResponsesAnalyzerFilter,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import type { Db } from '../../db/client.js';
import { anyOf } from '../../db/any-of.js';
import {
  employees,
  products,
  reports,
  reportWidgets,
  surveys,
  transactionChannels,
} from '../../db/schema/index.js';
import { invalidValue, notFound } from '../../errors.js';
import { parseOrderBy, queryError } from '../../grid/odata-filter.js';
import { reportVisibleTo } from '../reports/index.js';
import {
  atCallerOffset,
  daysOfWeekCellFacts,
  loadWidgetQuery,
  mapRegionFacts,
  measuredWhere,
  performanceBarFacts,
  segmentFacts,
  trendPointFacts,
  whereOf,
  type PerformanceEndpoint,
} from '../widget-data/index.js';

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

/**
 * The report widget a lineage names, as its data call would post it: its report's id and its dataFilters. Another
 * tenant's widget, one on a report the caller does not see, or an unknown id: 404; a widget whose figure has no
 * response count the analyzer reproduces (`hasResponseLineage`), or whose stored dataFilters no longer pass the
 * request schema: 400 / 3333 on `Widget.WidgetId`. With a `Group` the widget must be a grouped chart for a bar
 * (`CategoryId`, `hasGroupLineage`), a trend for a point (`Category`, `hasPointLineage`), a map for a region
 * (`LocationId`, `hasRegionLineage`), a per-segment gauge for a segment (`SegmentId`, `hasSegmentLineage`) or the
 * days-of-week chart for a cell (`WeekOfDay` and `PartOfDay`, `hasCellLineage`), else 400 / 3333 on
 * `Widget.Group`; `endpoint` is then a grouped chart's data endpoint.
 */
async function lineageWidget(
  db: Db,
  actor: Actor,
  widget: LineageTarget,
): Promise<{ reportId: number; dataFilters: WidgetDataFilters; endpoint: PerformanceEndpoint | null }> {
  const { WidgetId: widgetId, Group: group } = widget;
  if (actor.tenantId === null) throw notFound();
  const [row] = await db
    .select({ reportId: reportWidgets.reportId, config: reportWidgets.config })
    .from(reportWidgets)
    .innerJoin(reports, eq(reports.id, reportWidgets.reportId))
    .where(
      and(eq(reportWidgets.id, widgetId), eq(reportWidgets.tenantId, actor.tenantId), reportVisibleTo(actor)),
    );
  if (!row) throw notFound();
  const config = parseJsonObject(row.config) ?? {};
  const dataFilters = widgetDataFiltersSchema.nullish().safeParse(config.dataFilters ?? null);
  if (!dataFilters.success) throw invalidValue('Widget.WidgetId');
  if (!lineageFits(config, group)) throw invalidValue(group ? 'Widget.Group' : 'Widget.WidgetId');
  const endpoint =
    group && 'CategoryId' in group
      ? (String(config.dataEndpoint).replace(/^api\//, '') as PerformanceEndpoint)
      : null;
  return { reportId: row.reportId, dataFilters: dataFilters.data ?? {}, endpoint };
}

/** The body's `Widget`: a widget, and one bar, point, region, segment or cell of it. */
type LineageTarget = NonNullable<ResponsesAnalyzerFilter['Widget']>;
type LineagePart = NonNullable<LineageTarget['Group']>;
type WidgetQuery = Awaited<ReturnType<typeof loadWidgetQuery>>;
type FactsWhere = NonNullable<ReturnType<typeof measuredWhere>>;

/** Whether the widget's kind has the figure the body names: its one count, or a bar, region, segment, cell, point. */
function lineageFits(config: Record<string, unknown>, group: LineagePart | null | undefined): boolean {
  if (!group) return hasResponseLineage(config);
  if ('CategoryId' in group) return hasGroupLineage(config);
  if ('LocationId' in group) return hasRegionLineage(config);
  if ('SegmentId' in group) return hasSegmentLineage(config);
  if ('WeekOfDay' in group) return hasCellLineage(config);
  return hasPointLineage(config);
}

/**
 * The facts of the one figure the body names, from the function that builds that figure's own rows: the widget's
 * measured facts, or those of one bar, region, segment, cell or point.
 */
async function lineageFacts(
  db: Db,
  query: WidgetQuery,
  endpoint: PerformanceEndpoint | null,
  group: LineagePart | null,
): Promise<FactsWhere> {
  if (!group) return measuredWhere(query, 'f')!;
  if ('CategoryId' in group) return performanceBarFacts(endpoint!, query, group.CategoryId);
  if ('LocationId' in group) return mapRegionFacts(db, query, group.LocationId);
  if ('SegmentId' in group) return segmentFacts(db, query, group.SegmentId);
  if ('WeekOfDay' in group) return daysOfWeekCellFacts(query, group);
  return trendPointFacts(query, group.Category);
}

export function createResponsesList({ db, replica }: ModuleDeps) {
  return async function list(
    actor: Actor,
    filter: ResponsesAnalyzerFilter,
    query: GridQuery,
    offset: number,
  ): Promise<ResponseListPage> {
    // The body is the filter: a grid `$filter` has no fields to name here.
    if (query.$filter?.trim())
      throw queryError('$filter', 'The responses analyzer is filtered by its body (the report filter)');
    const orderBy = orderByOf(query.$orderby);
    const { TimeColumn, Widget, ...report } = filter;
    const group = Widget?.Group ?? null;
    const widget = Widget ? await lineageWidget(db, actor, Widget) : null;
    // With a widget, exactly its data call: its report (a scoped report pre-filters), its dataFilters (its own
    // TimeColumn, question, measurement type, experiences...); the body's TimeColumn is the widget's to say.
    const widgetQuery = await loadWidgetQuery(
      db,
      actor,
      widget
        ? { ...report, ReportId: widget.reportId, DataFilters: widget.dataFilters }
        : { ...report, DataFilters: TimeColumn ? { TimeColumn } : {} },
    );
    // Lineage: the sessions of the facts the widget counts, through the widgets' own `measuredWhere`, and the
    // number of those facts (the widget's Responses); of one bar, the chart's facts narrowed to that bar's group,
    // of one point, the trend's facts narrowed to that point's time bucket, of one region, the map's facts narrowed
    // to that region's location, of one segment, the gauge's facts in that segment, of one cell, the days-of-week
    // chart's facts on that weekday and part of day (its Responses).
    const facts = widget ? await lineageFacts(db, widgetQuery, widget.endpoint, group) : null;
    const where = facts
      ? {
          where: `s.tenant_id = ? AND s.session_id IN (SELECT f.session_id FROM facts f WHERE ${facts.where})`,
          params: [widgetQuery.tenantId, ...facts.params],
        }
      : whereOf(widgetQuery, 'sessions', { alias: 's' })!;
    const factCount = facts
      ? replica
          .query<{ n: number }>(`SELECT count(*) AS n FROM facts f WHERE ${facts.where}`, facts.params)
          .then((counted) => Number(counted[0]?.n ?? 0))
      : null;
    const answered = `${where.where} AND s.answered_at IS NOT NULL`;
    const [rows, counted, factTotal] = await Promise.all([
      replica.query<SessionRow>(
        `SELECT s.session_id, s.invitee_id, s.answered_at, s.survey_id, s.nps_score, s.respondent_type,
           s.channel_id, s.product_id, s.employee_id, s.sentiment_score
         FROM sessions s WHERE ${answered}
         ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        [...where.params, query.$top, query.$skip],
      ),
      replica.query<{ n: number }>(`SELECT count(*) AS n FROM sessions s WHERE ${answered}`, where.params),
      factCount,
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
      ...(factTotal === null ? {} : { FactCount: factTotal }),
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
