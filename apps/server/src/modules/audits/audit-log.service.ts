import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_LOG_DATA_PREVIEW_LENGTH,
  AUDIT_LOG_DEFAULT_DAYS,
  AUDIT_LOG_RECORD_LIMIT,
  ErrorCode,
  auditLogFilterSchema,
  type AuditLog,
  type AuditLogListItem,
  type GridFilterBody,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { audits, tenants } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import type { Actor } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { found } from '../../core/refusals.js';
import { ownTenantOrAll } from '../../core/tenant-scope.js';
import { anyOf } from '../../db/any-of.js';

const DAY_MS = 86_400_000;

/** The audit records a caller may read: all for a tenantless (Alterna) caller, else its tenant's. */
const visibleAudits = (actor: Actor): SQL | undefined => ownTenantOrAll(audits.tenantId, actor.tenantId);

/** The inclusive range of the filter body; without dates, the last AUDIT_LOG_DEFAULT_DAYS days. */
function auditLogRange(body: GridFilterBody, now: Date): { start: Date; end: Date } {
  const parsed = auditLogFilterSchema.safeParse(body);
  if (!parsed.success) {
    throw badRequest(
      ErrorCode.ModelNotValid,
      parsed.error.issues.map((issue) => ({ Path: `body/${issue.path.join('/')}`, Message: issue.message })),
    );
  }
  const end = parsed.data.EndDate ? new Date(parsed.data.EndDate) : now;
  const start = parsed.data.StartDate
    ? new Date(parsed.data.StartDate)
    : new Date(end.getTime() - AUDIT_LOG_DEFAULT_DAYS * DAY_MS);
  return { start, end };
}

/** The audit-log grid's whitelist; its select list is the same but for a preview of OperationData. */
const fields = {
  Id: { sql: audits.id, type: 'number' },
  UserName: { sql: audits.userName, type: 'string' },
  OperationType: { sql: audits.operationType, type: 'number' },
  OperationScope: { sql: audits.operationScope, type: 'string' },
  OperationData: { sql: audits.operationData, type: 'string' },
  IpAddress: { sql: audits.ipAddress, type: 'string' },
  CreatedDate: { sql: audits.createdAt, type: 'date' },
  TenantName: { sql: tenants.name, type: 'string' },
} satisfies GridFields;

/**
 * The audit-log grid (shell spec §9): the newest AUDIT_LOG_RECORD_LIMIT records of the date range, within which
 * the grid's own $filter, $orderby and paging apply. So Count never exceeds the limit, and older records of a
 * busy range are left out rather than the newest.
 */
export function createAuditLogGridSource({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}): GridListSource<AuditLogListItem> {
  return {
    fields,
    defaultOrder: 'CreatedDate desc, Id desc',
    scope(request, body) {
      const { start, end } = auditLogRange(body, now());
      const newest = db
        .select({ id: audits.id })
        .from(audits)
        .where(and(visibleAudits(request.actor), gte(audits.createdAt, start), lte(audits.createdAt, end)))
        .orderBy(desc(audits.createdAt), desc(audits.id))
        .limit(AUDIT_LOG_RECORD_LIMIT);
      return anyOf(audits.id, newest);
    },
    async rows(page) {
      const query = db
        .select({
          ...selectionOf(fields),
          OperationData: sql<string>`left(${audits.operationData}, ${sql.raw(String(AUDIT_LOG_DATA_PREVIEW_LENGTH))})`,
        })
        .from(audits)
        .leftJoin(tenants, eq(tenants.id, audits.tenantId));
      const rows = await pageOf(query.$dynamic(), page);
      return rows.map((row) => ({ ...row, CreatedDate: row.CreatedDate.toISOString() }));
    },
    count: (where) =>
      countOf(
        db
          .select({ n: count() })
          .from(audits)
          .leftJoin(tenants, eq(tenants.id, audits.tenantId))
          .where(where),
      ),
  };
}

/** One audit record with all of its data, if the caller may read it. */
export async function getAuditLog(db: Db, actor: Actor, id: number): Promise<AuditLog> {
  const [first] = await db
    .select({ audit: audits, tenantName: tenants.name })
    .from(audits)
    .leftJoin(tenants, eq(tenants.id, audits.tenantId))
    .where(and(eq(audits.id, id), visibleAudits(actor)));
  const row = found(first);
  const { audit } = row;
  return {
    Id: audit.id,
    UserId: audit.userId,
    UserName: audit.userName,
    TenantId: audit.tenantId,
    TenantName: row.tenantName,
    OperationType: audit.operationType,
    OperationScope: audit.operationScope,
    OperationData: audit.operationData,
    IpAddress: audit.ipAddress,
    CreatedDate: audit.createdAt.toISOString(),
  };
}
