import { dataValidationLogDetailSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';

/** The REST data log's grid (`GET /api/data-validation-logs`, `POST …/query`, `…/export`). */
export const DATA_VALIDATION_LOGS_ENDPOINT = '/api/data-validation-logs';

/** `GET /api/data-validation-logs/{id}`: one REST data call with its record errors and request (404 elsewise). */
export function useDataValidationLog(id: number | null) {
  return useRecordQuery(
    DATA_VALIDATION_LOGS_ENDPOINT,
    id ?? undefined,
    dataValidationLogDetailSchema,
    (logId) => ['data-validation-logs', logId],
  );
}
