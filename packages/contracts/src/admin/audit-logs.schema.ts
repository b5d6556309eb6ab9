import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';

/*
 * The audit log (alterna:manage; shell spec §9: "audit log shows the last 5000 records in the range"). The grid
 * reads `POST /api/audit-logs/query` with `{ StartDate, EndDate }` as the filter body.
 */

/** The list holds at most this many records: the newest of the date range. */
export const AUDIT_LOG_RECORD_LIMIT = 5000;
/** Without dates the range is the last this many days. */
export const AUDIT_LOG_DEFAULT_DAYS = 7;
/** OperationData in the list is cut to this many characters; the detail has all of it. */
export const AUDIT_LOG_DATA_PREVIEW_LENGTH = 200;

const instant = z.iso.datetime({ offset: true });

/**
 * The filter body of the audit-log grid: an inclusive range of instants. A missing EndDate is now, a missing
 * StartDate is AUDIT_LOG_DEFAULT_DAYS before EndDate.
 */
export const auditLogFilterSchema = z
  .object({ StartDate: instant.optional(), EndDate: instant.optional() })
  .refine(
    ({ StartDate, EndDate }) => !StartDate || !EndDate || Date.parse(StartDate) <= Date.parse(EndDate),
    { message: 'auditLogs.rangeReversed', path: ['EndDate'] },
  );
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** One row of the audit-log grid. */
export const auditLogListItemSchema = z.object({
  Id: z.number().int(),
  UserName: z.string().nullable(),
  /** AuditOperationType: 6 logout and 7 page visit from the console, the others recorded by the server. */
  OperationType: z.number().int(),
  OperationScope: z.string(),
  /** The first AUDIT_LOG_DATA_PREVIEW_LENGTH characters. */
  OperationData: z.string(),
  IpAddress: z.string().nullable(),
  CreatedDate: z.string(),
  /** Null for the actions of tenantless users. */
  TenantName: z.string().nullable(),
});
export type AuditLogListItem = z.infer<typeof auditLogListItemSchema>;

/** `GET /api/audit-logs/{id}`: one record with all of its OperationData. */
export const auditLogSchema = auditLogListItemSchema.extend({
  UserId: z.number().int().nullable(),
  TenantId: z.number().int().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogIdParamsSchema = z.object({ id: int32IdParam });
