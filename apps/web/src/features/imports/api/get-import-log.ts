import { importDataLogDetailSchema } from '@loupe/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { recordUrl } from '@/components/admin-page/record-id';
import { isImportRunning } from '../import-labels';
import { IMPORT_LOGS_ENDPOINT, importKeys } from './import-keys';

/** How often a running import's detail is read again (its progress bar). */
const POLL_MS = 1000;

/**
 * `GET /api/import-data-logs/{id}`: the import with its progress and counts, read again every second while it
 * runs (Initial, New, Processing, Approved) and no longer once it waits, ends or fails.
 */
export function useImportLog(id: number | undefined) {
  return useQuery({
    queryKey: id === undefined ? [IMPORT_LOGS_ENDPOINT, 'none'] : importKeys.log(id),
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) =>
            apiRequest({
              path: recordUrl(IMPORT_LOGS_ENDPOINT, id),
              schema: importDataLogDetailSchema,
              signal,
            }),
    refetchInterval: (query) => {
      const status = query.state.data?.Status;
      return status !== undefined && isImportRunning(status) ? POLL_MS : false;
    },
  });
}
