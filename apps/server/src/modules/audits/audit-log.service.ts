import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
import { badRequest, notFound } from '../../errors.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import type { Actor } from '../../plugins/auth.js';

const DAY_MS = 86_400_000;

/** The audit records a caller may read: all for a tenantless (Alterna) caller, else its tenant's. */
const visibleAudits = (actor: Actor): SQL | undefined =>
  actor.tenantId === null ? undefined : eq(audits.tenantId, actor.tenantId);

/** The inclusive range of the filter body; without dates, the last AUDIT_LOG_DEFAULT_DAYS days. */
export function auditLogRange(body: GridFilterBody, now: Date): { start: Date; end: Date } {
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
    fields: {
      Id: { sql: audits.id, type: 'number' },
      UserName: { sql: audits.userName, type: 'string' },
      OperationType: { sql: audits.operationType, type: 'number' },
      OperationScope: { sql: audits.operationScope, type: 'string' },
      OperationData: { sql: audits.operationData, type: 'string' },
      IpAddress: { sql: audits.ipAddress, type: 'string' },
      CreatedDate: { sql: audits.createdAt, type: 'date' },
      TenantName: { sql: tenants.name, type: 'string' },
    },
    defaultOrder: 'CreatedDate desc, Id desc',
    scope(request, body) {
      const { start, end } = auditLogRange(body, now());
      const newest = db
        .select({ id: audits.id })
        .from(audits)
        .where(and(visibleAudits(request.actor), gte(audits.createdAt, start), lte(audits.createdAt, end)))
        .orderBy(desc(audits.createdAt), desc(audits.id))
        .limit(AUDIT_LOG_RECORD_LIMIT);
      return inArray(audits.id, newest);
    },
    async rows(page) {
      const rows = await db
        .select({
          id: audits.id,
          userName: audits.userName,
          operationType: audits.operationType,
          operationScope: audits.operationScope,
          operationData: sql<string>`left(${audits.operationData}, ${sql.raw(String(AUDIT_LOG_DATA_PREVIEW_LENGTH))})`,
          ipAddress: audits.ipAddress,
          createdAt: audits.createdAt,
          tenantName: tenants.name,
        })
        .from(audits)
        .leftJoin(tenants, eq(tenants.id, audits.tenantId))
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({
        Id: row.id,
        UserName: row.userName,
        OperationType: row.operationType,
        OperationScope: row.operationScope,
        OperationData: row.operationData,
        IpAddress: row.ipAddress,
        CreatedDate: row.createdAt.toISOString(),
        TenantName: row.tenantName,
      }));
    },
    async count(where) {
      const [row] = await db
        .select({ n: count() })
        .from(audits)
        .leftJoin(tenants, eq(tenants.id, audits.tenantId))
        .where(where);
      return row?.n ?? 0;
    },
  };
}

/** One audit record with all of its data, if the caller may read it. */
export async function getAuditLog(db: Db, actor: Actor, id: number): Promise<AuditLog> {
  const [row] = await db
    .select({ audit: audits, tenantName: tenants.name })
    .from(audits)
    .leftJoin(tenants, eq(tenants.id, audits.tenantId))
    .where(and(eq(audits.id, id), visibleAudits(actor)));
  if (!row) throw notFound();
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
