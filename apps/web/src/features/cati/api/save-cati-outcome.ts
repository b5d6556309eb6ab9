import { catiOutcomeResultSchema, type CatiOutcomeSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { CALLS_ENDPOINT, STATISTICS_ENDPOINT, catiKeys } from './cati-keys';

type CatiOutcomeResult = z.infer<typeof catiOutcomeResultSchema>;

/**
 * `POST /api/cati/calls/{id}/outcome`: ends the caller's open call; 400 with 19304 (already ended), 19305
 * (Completed before the flow is finished), 19306 (callback time), 19307 (refusal reason).
 */
function saveCatiOutcome({
  id,
  outcome,
}: {
  id: number;
  outcome: CatiOutcomeSave;
}): Promise<CatiOutcomeResult> {
  return apiRequest({
    path: `${CALLS_ENDPOINT}/${encodeURIComponent(id)}/outcome`,
    method: 'POST',
    body: outcome,
    schema: catiOutcomeResultSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveCatiOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCatiOutcome,
    onSuccess: () => {
      queryClient.setQueryData(catiKeys.currentCall, { Call: null });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catiKeys.queue }),
        queryClient.invalidateQueries({ queryKey: [STATISTICS_ENDPOINT] }),
      ]);
    },
    // 19304: the call ended elsewhere (another tab); the current call's answer says what is open now.
    onError: () => queryClient.invalidateQueries({ queryKey: catiKeys.currentCall }),
  });
}
