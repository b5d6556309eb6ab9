import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { recordUrl } from '@/components/admin-page/record-id';
import { IMPORT_LOGS_ENDPOINT, INVITEE_POOL_ENDPOINT, importKeys } from './import-keys';

/**
 * `PUT /api/import-data-logs/{id}/approve` or `/reject`: the second user's decision. The server refuses the
 * uploader (16005) and an import not waiting for approval (16006); the page shows its message.
 */
function decideImport({ id, decision }: { id: number; decision: 'approve' | 'reject' }): Promise<unknown> {
  return apiRequest({
    path: `${recordUrl(IMPORT_LOGS_ENDPOINT, id)}/${decision}`,
    method: 'PUT',
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDecideImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideImport,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importKeys.log(id) }),
        queryClient.invalidateQueries({ queryKey: gridQueryKey(IMPORT_LOGS_ENDPOINT) }),
        queryClient.invalidateQueries({ queryKey: gridQueryKey(INVITEE_POOL_ENDPOINT) }),
      ]),
  });
}
