import { and, count, gte, ilike, inArray, lte, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ErrorCode,
  SERVER_LOG_DEFAULT_DAYS,
  serverLogFilterSchema,
  serverLogRowSchema,
  type GridFilterBody,
  type ServerLogRow,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { serverLogs } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { containsPattern, countOf } from '../../core/queries.js';
import { ownTenantOrAll } from '../../core/tenant-scope.js';

const DAY_MS = 86_400_000;

const fields = {
  Id: { sql: serverLogs.id, type: 'number' },
  Time: { sql: serverLogs.loggedAt, type: 'date' },
  Level: { sql: serverLogs.level, type: 'string' },
  RequestId: { sql: serverLogs.requestId, type: 'string' },
  Message: { sql: serverLogs.message, type: 'string' },
  Context: { sql: sql<string | null>`${serverLogs.context}::text`, type: 'string', sortable: false },
} satisfies GridFields;

/** The filter body's conditions; a body the contract refuses answers 400 (3333) naming the field. */
function filterConditions(body: GridFilterBody, now: Date): SQL[] {
  const parsed = serverLogFilterSchema.safeParse(body);
  if (!parsed.success) {
    throw badRequest(
      ErrorCode.ModelNotValid,
      parsed.error.issues.map((issue) => ({ Path: `body/${issue.path.join('/')}`, Message: issue.message })),
    );
  }
  const filter = parsed.data;
  const end = filter.EndDate ? new Date(filter.EndDate) : now;
  const start = filter.StartDate
    ? new Date(filter.StartDate)
    : new Date(end.getTime() - SERVER_LOG_DEFAULT_DAYS * DAY_MS);
  const conditions = [gte(serverLogs.loggedAt, start), lte(serverLogs.loggedAt, end)];
  if (filter.Levels && filter.Levels.length > 0) conditions.push(inArray(serverLogs.level, filter.Levels));
  if (filter.RequestId) conditions.push(eq(serverLogs.requestId, filter.RequestId));
  if (filter.Text) conditions.push(ilike(serverLogs.message, containsPattern(filter.Text)));
  return conditions;
}

/**
 * `GET /api/logs`, `POST /api/logs/query` (filter body: range, levels, request id, text) and `POST /api/logs/export`
 * (log:monitor; docs/health-and-logs.md). An installation operator reads every line; a tenant's reader only the
 * lines of its tenant's requests.
 */
export function serverLogRoutes(
  app: FastifyInstance,
  { db, now = () => new Date() }: { db: Db; now?: () => Date },
) {
  registerGridRoutes<ServerLogRow>(app, {
    path: '/api/logs',
    access: ['log:monitor'],
    // `GET|POST /api/logs` (issue 20 item 10); POST /api/logs/query as every grid.
    postOnPath: true,
    item: serverLogRowSchema,
    source: {
      fields,
      defaultOrder: 'Time desc, Id desc',
      scope: (request, body) =>
        and(ownTenantOrAll(serverLogs.tenantId, request.actor.tenantId), ...filterConditions(body, now())),
      async rows(page) {
        const rows = await pageOf(db.select(selectionOf(fields)).from(serverLogs).$dynamic(), page);
        return rows.map((row) => ({
          ...row,
          Time: row.Time.toISOString(),
          Level: serverLogRowSchema.shape.Level.parse(row.Level),
        }));
      },
      count: (where) => countOf(db.select({ n: count() }).from(serverLogs).where(where)),
    },
  });
}
