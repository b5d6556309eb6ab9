import { auditLogSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const AUDIT_LOGS_ENDPOINT = '/api/audit-logs';

/** `GET /api/audit-logs/{id}`: one audit record with all of its OperationData (404 when not the caller's). */
export function auditLogQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['audit-logs', id] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `${AUDIT_LOGS_ENDPOINT}/${id}`, schema: auditLogSchema, signal }),
  });
}

export function useAuditLog(id: number | null) {
  return useQuery({ ...auditLogQueryOptions(id ?? 0), enabled: id !== null });
}
