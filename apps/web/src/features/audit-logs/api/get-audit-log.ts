import { auditLogSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';

export const AUDIT_LOGS_ENDPOINT = '/api/audit-logs';

/** `GET /api/audit-logs/{id}`: one audit record with all of its OperationData (404 when not the caller's). */
export function useAuditLog(id: number | null) {
  return useRecordQuery(AUDIT_LOGS_ENDPOINT, id ?? undefined, auditLogSchema, (recordId) => [
    'audit-logs',
    recordId,
  ]);
}
