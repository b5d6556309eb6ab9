import { AsyncLocalStorage } from 'node:async_hooks';
import { and, count, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ALERT_READ_SCOPES,
  ErrorCode,
  alertFilterSchema,
  alertListItemSchema,
  hasAnyScope,
  type AlertListItem,
  type GridFilterBody,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { containsPattern, countOf } from '../../core/queries.js';
import type { Db } from '../../db/client.js';
import {
  alertRules,
  alerts,
  employees,
  invitees,
  products,
  roles,
  surveys,
  transactionChannels,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { anyOf } from '../../db/any-of.js';
import { AppError } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { registerGridRoutes, type GridListSource } from '../../grid/grid-routes.js';

/*
 * The alert list (issue 19, docs/alerts.md "Alerts, states, mails and statistics"): the grid of
 * `/api/alerts` (GET, POST /query and POST itself with the filter body), confined to the tenant and to what the
 * caller may see, invitee names masked for mask:invitee.
 */

export const READ: Scope[] = [...ALERT_READ_SCOPES];
const a = alerts;
/** What mask:invitee callers see instead of an invitee's name, email or phone. */
export const MASK = '***';

const nameOf = (table: SQLWrapper, column: SQLWrapper, name = 'name') =>
  sql<string | null>`(SELECT n.${sql.raw(name)} FROM ${table} n WHERE n.id = ${column})`;

const fields = {
  Id: { sql: a.id, type: 'number' },
  RuleId: { sql: a.ruleId, type: 'number' },
  RuleTitle: { sql: nameOf(alertRules, a.ruleId, 'title'), type: 'string' },
  Status: { sql: a.status, type: 'number' },
  ReadStatus: { sql: a.readStatus, type: 'number' },
  AssignedUserId: { sql: a.assignedUserId, type: 'number' },
  AssignedUserName: { sql: nameOf(users, a.assignedUserId, 'full_name'), type: 'string' },
  AssignedRoleId: { sql: a.assignedRoleId, type: 'number' },
  AssignedRoleName: { sql: nameOf(roles, a.assignedRoleId), type: 'string' },
  InviteeFullName: { sql: nameOf(invitees, a.inviteeId, 'full_name'), type: 'string' },
  Score: { sql: a.score, type: 'number' },
  SurveyId: { sql: a.surveyId, type: 'number' },
  SurveyName: { sql: nameOf(surveys, a.surveyId, 'title'), type: 'string' },
  ChannelId: { sql: a.channelId, type: 'number' },
  ChannelName: { sql: nameOf(transactionChannels, a.channelId), type: 'string' },
  ProductId: { sql: a.productId, type: 'number' },
  ProductName: { sql: nameOf(products, a.productId), type: 'string' },
  EmployeeId: { sql: a.employeeId, type: 'number' },
  EmployeeName: { sql: nameOf(employees, a.employeeId, 'full_name'), type: 'string' },
  CreatedAt: { sql: a.createdAt, type: 'date' },
  DueAt: { sql: a.dueAt, type: 'date' },
  IsOverdue: {
    sql: sql<boolean>`(${a.dueAt} IS NOT NULL AND ${a.dueAt} < now() AND ${a.status} <> 6)`.mapWith(Boolean),
    type: 'boolean',
  },
  ClosedAt: { sql: a.closedAt, type: 'date' },
} satisfies GridFields;
export const alertSelection = selectionOf(fields);

type RawItem = Omit<AlertListItem, 'CreatedAt' | 'DueAt' | 'ClosedAt'> & {
  CreatedAt: Date;
  DueAt: Date | null;
  ClosedAt: Date | null;
};

export const isMasked = (actor: Actor) => hasAnyScope(actor.scopes, ['mask:invitee']);

export function itemOf(row: RawItem, masked: boolean): AlertListItem {
  return {
    ...row,
    Id: Number(row.Id),
    InviteeFullName: masked && row.InviteeFullName !== null ? MASK : row.InviteeFullName,
    CreatedAt: new Date(row.CreatedAt).toISOString(),
    DueAt: row.DueAt === null ? null : new Date(row.DueAt).toISOString(),
    ClosedAt: row.ClosedAt === null ? null : new Date(row.ClosedAt).toISOString(),
  };
}

/**
 * The alerts the caller may see: alert:readall every alert of the tenant; alert:read and alert:manage those
 * assigned to the caller or to one of the caller's roles (as the bell's count).
 */
export function visibleTo(actor: Actor): SQL {
  const tenant = eq(a.tenantId, requireTenant(actor));
  if (hasAnyScope(actor.scopes, ['alert:readall'])) return tenant;
  const rolesOfUser = sql`(SELECT ur.role_id FROM ${userRoles} ur WHERE ur.user_id = ${actor.userId})`;
  return and(
    tenant,
    or(eq(a.assignedUserId, actor.userId), sql`${a.assignedRoleId} IN ${rolesOfUser}`),
  ) as SQL;
}

/**
 * The bell's number: the alerts the caller may see (`visibleTo`) with this read status (`alertOperatorStatus`: 0
 * unread, 1 read).
 */
export const countAlerts = (db: Db, actor: Actor, readStatus: 0 | 1): Promise<number> =>
  countOf(
    db
      .select({ n: count() })
      .from(a)
      .where(and(visibleTo(actor), eq(a.readStatus, readStatus))),
  );

const zoneOf = (tenantId: number) => sql`(SELECT t.time_zone FROM tenants t WHERE t.id = ${tenantId})`;
/** The instant a tenant-local day starts. */
const dayStart = (tenantId: number, day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::integer)::timestamp AT TIME ZONE ${zoneOf(tenantId)})`;

/** Nodes of a tree table of the tenant at or below the chosen ones. */
const inTree = (column: SQLWrapper, table: string, tenantId: number, nodes: number[]) =>
  sql`${column} IN (SELECT t.id FROM ${sql.raw(table)} t WHERE t.tenant_id = ${tenantId}::integer AND t.path && ${sql.param(nodes)}::integer[])`;

function assignedTo(value: string): SQL {
  if (value === 'unassigned') return and(isNull(a.assignedUserId), isNull(a.assignedRoleId)) as SQL;
  const id = Number(value.slice(2));
  return value.startsWith('U:') ? eq(a.assignedUserId, id) : eq(a.assignedRoleId, id);
}

/** The filter body (contracts alertFilterSchema) as conditions; InviteeFullName is refused for mask:invitee. */
function filterSql(actor: Actor, body: unknown): SQL[] {
  const parsed = alertFilterSchema.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError(
      400,
      ErrorCode.ModelNotValid,
      parsed.error.issues.map((issue) => ({
        Path: ['body', ...issue.path].join('/'),
        Message: issue.message,
      })),
    );
  const filter = parsed.data;
  const tenantId = requireTenant(actor);
  const conditions: SQL[] = [];
  if (filter.AlertRuleId?.length) conditions.push(anyOf(a.ruleId, filter.AlertRuleId));
  if (filter.AlertReadStatus !== undefined) conditions.push(eq(a.readStatus, filter.AlertReadStatus));
  if (filter.Status?.length) conditions.push(anyOf(a.status, filter.Status));
  if (filter.AssignedTo) conditions.push(assignedTo(filter.AssignedTo));
  if (filter.AssignedUserId) conditions.push(eq(a.assignedUserId, filter.AssignedUserId));
  if (filter.AssignedRoleId) conditions.push(eq(a.assignedRoleId, filter.AssignedRoleId));
  if (filter.InviteeFullName) {
    // One guess at a time, a name filter would tell a masked caller the hidden name.
    if (isMasked(actor)) throw new AppError(403, ErrorCode.Forbidden);
    conditions.push(
      sql`${a.inviteeId} IN (SELECT i.id FROM ${invitees} i WHERE i.tenant_id = ${tenantId} AND i.full_name ILIKE ${containsPattern(filter.InviteeFullName)})`,
    );
  }
  if (filter.StartDate) conditions.push(sql`${a.createdAt} >= ${dayStart(tenantId, filter.StartDate)}`);
  if (filter.EndDate) conditions.push(sql`${a.createdAt} < ${dayStart(tenantId, filter.EndDate, 1)}`);
  if (filter.TransactionChannels?.length)
    conditions.push(inTree(a.channelId, 'transaction_channels', tenantId, filter.TransactionChannels));
  if (filter.Products?.length) conditions.push(inTree(a.productId, 'products', tenantId, filter.Products));
  return conditions;
}

/** A masked caller may neither filter nor sort by the invitee's name (the same guessing as the filter body). */
function refuseMaskedQuery(actor: Actor, query: unknown) {
  if (!isMasked(actor)) return;
  for (const key of ['$filter', '$orderby']) {
    const value = (query as Record<string, unknown> | undefined)?.[key];
    if (typeof value === 'string' && /\bInviteeFullName\b/.test(value))
      throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: key, Message: 'InviteeFullName is masked' }]);
  }
}

/** Whether the rows being read are masked: set by `scope` (the request's async context), read by `rows`. */
const maskContext = new AsyncLocalStorage<boolean>();

function alertSource(db: Db): GridListSource<AlertListItem> {
  return {
    fields,
    defaultOrder: 'CreatedAt desc, Id desc',
    scope: (request: FastifyRequest, body: GridFilterBody) => {
      refuseMaskedQuery(request.actor, request.query);
      const where = and(visibleTo(request.actor), ...filterSql(request.actor, body));
      maskContext.enterWith(isMasked(request.actor));
      return where;
    },
    async rows(page) {
      const masked = maskContext.getStore() ?? true;
      const rows = (await pageOf(db.select(alertSelection).from(a).$dynamic(), page)) as unknown as RawItem[];
      return rows.map((row) => itemOf(row, masked));
    },
    count: (where) => countOf(db.select({ n: count() }).from(a).where(where)),
  };
}

export function alertListRoutes(app: FastifyInstance, db: Db): void {
  // `POST /api/alerts` too: the issue's name for the grid with its filter body.
  registerGridRoutes(app, {
    path: '/api/alerts',
    access: READ,
    item: alertListItemSchema,
    source: alertSource(db),
    postOnPath: true,
  });
}
