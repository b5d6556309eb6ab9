import { catiCallSchema, type CatiCall } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CALLS_ENDPOINT, catiKeys } from './cati-keys';

/**
 * `POST /api/cati/calls`: claims the given waiting invitation (null: the queue's next) for the caller and opens a
 * call; 400 with 19301 (nobody waits), 19302 (another agent has the customer), 19303 (the caller is on a call).
 */
function startCatiCall(invitationId: number | null): Promise<CatiCall> {
  return apiRequest({
    path: CALLS_ENDPOINT,
    method: 'POST',
    body: { InvitationId: invitationId },
    schema: catiCallSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useStartCatiCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCatiCall,
    onSuccess: (call) => {
      queryClient.setQueryData(catiKeys.currentCall, { Call: call });
      return queryClient.invalidateQueries({ queryKey: catiKeys.queue });
    },
    // A refusal means the queue moved on (or the caller's own open call exists): read both again.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catiKeys.queue }),
        queryClient.invalidateQueries({ queryKey: catiKeys.currentCall }),
      ]),
  });
}
