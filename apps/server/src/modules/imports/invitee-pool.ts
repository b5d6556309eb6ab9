import { AsyncLocalStorage } from 'node:async_hooks';
import { and, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  INT32_MAX,
  hasAnyScope,
  inviteePoolFilterSchema,
  stagedInviteeRowSchema,
  type InviteePoolFilter,
  type Scope,
  type StagedInviteeRow,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { containsPattern, countOf } from '../../core/queries.js';
import type { Db } from '../../db/client.js';
import {
  employees,
  importDataLogs,
  locations,
  products,
  stagedInvitees,
  surveys,
  transactionChannels,
  transactionTypes,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';

/*
 * The invitee pool (surveys spec §3 Invitee pool; docs/data-flow.md "Invitee pool") and an import's rows: staged
 * invitees as a grid, filtered by the pool's filter body, names and addresses masked for mask:invitee.
 */

const s = stagedInvitees;
const POOL_READ: Scope[] = ['invitation:read', 'invitation:manage'];
const IMPORT_READ: Scope[] = ['invitation:manage'];
const MASKED_FIELDS = ['InviteeFullName', 'InviteeEmail', 'InviteeMsisdn'] as const;

const nameOf = (table: SQL, column: SQL) =>
  sql<string | null>`(SELECT n.name FROM ${table} n WHERE n.id = ${column})`;

const fields = {
  Id: { sql: s.id, type: 'number' },
  ImportDataLogId: { sql: s.importDataLogId, type: 'number' },
  RowNumber: { sql: s.rowNumber, type: 'number' },
  SurveyId: { sql: s.surveyId, type: 'number' },
  SurveyName: {
    sql: sql<string | null>`(SELECT n.title FROM ${surveys} n WHERE n.id = ${s.surveyId})`,
    type: 'string',
  },
  InviteeId: { sql: s.inviteeId, type: 'number' },
  InviteeFullName: { sql: s.fullName, type: 'string' },
  InviteeEmail: { sql: s.email, type: 'string' },
  InviteeMsisdn: { sql: s.msisdn, type: 'string' },
  CreateDate: { sql: s.createdAt, type: 'date' },
  TransactionTypeId: { sql: s.transactionTypeId, type: 'number' },
  TransactionTypeName: { sql: nameOf(sql`${transactionTypes}`, sql`${s.transactionTypeId}`), type: 'string' },
  TransactionChannelId: { sql: s.transactionChannelId, type: 'number' },
  TransactionChannelName: {
    sql: nameOf(sql`${transactionChannels}`, sql`${s.transactionChannelId}`),
    type: 'string',
  },
  ProductId: { sql: s.productId, type: 'number' },
  ProductName: { sql: nameOf(sql`${products}`, sql`${s.productId}`), type: 'string' },
  EmployeeId: { sql: s.employeeId, type: 'number' },
  EmployeeName: {
    sql: sql<string | null>`(SELECT n.full_name FROM ${employees} n WHERE n.id = ${s.employeeId})`,
    type: 'string',
  },
  LocationId: { sql: s.locationId, type: 'number' },
  LocationName: { sql: nameOf(sql`${locations}`, sql`${s.locationId}`), type: 'string' },
  TransactionDate: { sql: s.transactionDate, type: 'date' },
  InviteeChannel: { sql: s.inviteeChannelId, type: 'number' },
  IsTestUser: { sql: s.isTestUser, type: 'boolean' },
  Status: { sql: s.status, type: 'number' },
  EliminationReason: { sql: s.eliminationReason, type: 'number' },
  ErrorDetail: { sql: s.errorDetail, type: 'string' },
} satisfies GridFields;

const selection = {
  ...selectionOf(fields),
  Segments: sql<string[]>`ARRAY(SELECT g.name || ': ' || sg.name FROM segments sg
    JOIN segment_groups g ON g.id = sg.group_id WHERE sg.id = ANY(${s.segmentIds}) ORDER BY g.name, sg.name)`,
};

/** Keeps the first character of each word (of an email: of the name and of the domain's first label). */
function maskText(value: string | null, kind: 'name' | 'email' | 'msisdn'): string | null {
  if (value === null) return null;
  if (kind === 'msisdn')
    return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
  const word = (text: string) => (text.length <= 1 ? text : `${text[0]}${'*'.repeat(text.length - 1)}`);
  if (kind === 'name')
    return value
      .split(/(\s+)/)
      .map((part) => (/\s/.test(part) ? part : word(part)))
      .join('');
  const [local = '', domain = ''] = value.split('@');
  const [first = '', ...rest] = domain.split('.');
  return `${word(local)}@${[word(first), ...rest].join('.')}`;
}

const isMasked = (request: FastifyRequest) => hasAnyScope(request.actor.scopes, ['mask:invitee']);

type RawRow = Omit<StagedInviteeRow, 'CreateDate' | 'TransactionDate'> & {
  CreateDate: Date;
  TransactionDate: Date | null;
};

function rowOf(row: RawRow, masked: boolean): StagedInviteeRow {
  return {
    ...row,
    Id: Number(row.Id),
    ImportDataLogId: row.ImportDataLogId === null ? null : Number(row.ImportDataLogId),
    InviteeId: row.InviteeId === null ? null : Number(row.InviteeId),
    InviteeFullName: masked ? maskText(row.InviteeFullName, 'name') : row.InviteeFullName,
    InviteeEmail: masked ? maskText(row.InviteeEmail, 'email') : row.InviteeEmail,
    InviteeMsisdn: masked ? maskText(row.InviteeMsisdn, 'msisdn') : row.InviteeMsisdn,
    CreateDate: row.CreateDate.toISOString(),
    TransactionDate: row.TransactionDate?.toISOString() ?? null,
  };
}

const ids = (values: readonly number[]) => sql`${sql.param(values)}::integer[]`;

/** Nodes of a tree table of the tenant at or below the chosen ones. */
const inTree = (column: SQLWrapper, table: string, tenantId: number, nodes: number[]) =>
  sql`${column} IN (SELECT t.id FROM ${sql.raw(table)} t WHERE t.tenant_id = ${tenantId}::integer AND t.path && ${ids(nodes)})`;

/** The pool's filter body as conditions on staged_invitees (docs/data-flow.md "Invitee pool"). */
function poolFilterSql(filter: InviteePoolFilter, tenantId: number): SQL[] {
  const conditions: SQL[] = [];
  const anyOf = (column: SQLWrapper, values: readonly number[] | null | undefined, cast = 'integer') => {
    if (values && values.length > 0)
      conditions.push(sql`${column} = ANY(${sql.param(values)}::${sql.raw(cast)}[])`);
  };
  anyOf(s.status, filter.Statuses, 'smallint');
  anyOf(s.eliminationReason, filter.EliminationReasons, 'smallint');
  anyOf(s.surveyId, filter.Surveys);
  anyOf(s.transactionTypeId, filter.TransactionTypes);
  anyOf(s.employeeId, filter.Employees);
  const trees = [
    [filter.TransactionChannels, s.transactionChannelId, 'transaction_channels'],
    [filter.Products, s.productId, 'products'],
    [filter.InviteeLocations, s.locationId, 'locations'],
  ] as const;
  for (const [set, column, table] of trees)
    if (set && set.Ids.length > 0) conditions.push(inTree(sql`${column}`, table, tenantId, set.Ids));
  const segmentIds = (filter.Segments ?? []).map((key) => Number(key.split(';')[1]));
  if (segmentIds.length > 0) conditions.push(sql`${s.segmentIds} && ${ids(segmentIds)}`);
  for (let slot = 1; slot <= 10; slot += 1) {
    const value = (filter as Record<string, string | null | undefined>)[`CustomData${slot}`];
    if (value)
      conditions.push(sql`${sql.raw(`staged_invitees.custom_data${slot}`)} ILIKE ${containsPattern(value)}`);
  }
  return conditions;
}

function parsedFilter(body: unknown): InviteePoolFilter {
  const parsed = inviteePoolFilterSchema.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError(
      400,
      ErrorCode.ModelNotValid,
      parsed.error.issues.map((issue) => ({
        Path: ['body', ...issue.path].join('/'),
        Message: issue.message,
      })),
    );
  return parsed.data;
}

/**
 * A holder of mask:invitee may neither filter nor sort by the masked columns: one guess at a time, a filter
 * would tell the hidden value.
 */
function refuseMaskedQuery(request: FastifyRequest) {
  if (!isMasked(request)) return;
  const query = request.query as Record<string, unknown> | undefined;
  for (const key of ['$filter', '$orderby']) {
    const value = query?.[key];
    const text = typeof value === 'string' ? value : '';
    const field = MASKED_FIELDS.find((name) => new RegExp(`\\b${name}\\b`).test(text));
    if (field)
      throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: key, Message: `${field} is masked` }]);
  }
}

function stagedRowsGrid(
  app: FastifyInstance,
  db: Db,
  options: {
    path: string;
    access: Scope[];
    scope: (request: FastifyRequest, body: unknown) => SQL | undefined;
  },
) {
  registerGridRoutes(app, {
    path: options.path,
    access: options.access,
    item: stagedInviteeRowSchema,
    source: {
      fields,
      defaultOrder: 'CreateDate desc, Id desc',
      scope: (request, body) => {
        refuseMaskedQuery(request);
        return options.scope(request, body);
      },
      async rows(page) {
        const masked = maskContext.getStore() ?? true;
        const rows = (await pageOf(db.select(selection).from(s).$dynamic(), page)) as unknown as RawRow[];
        return rows.map((row) => rowOf(row, masked));
      },
      count: (where) => countOf(db.select({ n: count() }).from(s).where(where)),
    },
  });
}

/**
 * Whether the rows of the request being served are masked: set where the grid asks for the scope (the request's
 * async context), read where it reads the rows, which the grid calls without the request. Unset reads as masked.
 */
const maskContext = new AsyncLocalStorage<boolean>();
const marked = (request: FastifyRequest, where: SQL | undefined): SQL | undefined => {
  maskContext.enterWith(isMasked(request));
  return where;
};

export function inviteePoolRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  stagedRowsGrid(app, db, {
    path: '/api/invitee-pool',
    access: POOL_READ,
    scope: (request, body) => {
      const tenantId = requireTenant(request.actor);
      return marked(request, and(eq(s.tenantId, tenantId), ...poolFilterSql(parsedFilter(body), tenantId)));
    },
  });
  // An import's rows: a log that is not the caller's tenant's answers 404, as its detail does.
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const id = Number((request.params as { id?: string }).id);
      if (!Number.isInteger(id) || id < 1 || id > INT32_MAX)
        throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: 'params/id', Message: 'Expected an id' }]);
      const [log] = await db
        .select({ id: importDataLogs.id })
        .from(importDataLogs)
        .where(and(eq(importDataLogs.tenantId, requireTenant(request.actor)), eq(importDataLogs.id, id)));
      if (!log) throw new AppError(404, ErrorCode.NotFound);
    });
    stagedRowsGrid(scope, db, {
      path: '/api/import-data-logs/:id/rows',
      access: IMPORT_READ,
      scope: (request, body) => {
        const tenantId = requireTenant(request.actor);
        const id = Number((request.params as { id?: string }).id);
        return marked(
          request,
          and(
            eq(s.tenantId, tenantId),
            eq(s.importDataLogId, id),
            ...poolFilterSql(parsedFilter(body), tenantId),
          ),
        );
      },
    });
  });
}
