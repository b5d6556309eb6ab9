import { integrationReplayResultSchema, type IntegrationReplayResult } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';
import { DELIVERIES_ENDPOINT } from './integration-keys';

/** `POST /api/integration-deliveries/{id}/replay`: queues a new attempt; 400 with 19214 while it is pending. */
function replayIntegrationDelivery(id: number): Promise<IntegrationReplayResult> {
  return apiRequest({
    path: `${DELIVERIES_ENDPOINT}/${encodeURIComponent(id)}/replay`,
    method: 'POST',
    schema: integrationReplayResultSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useReplayIntegrationDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayIntegrationDelivery,
    onSuccess: () => {
      // The attempts of an open drawer and a range's count are under the endpoint's own key.
      void queryClient.invalidateQueries({ queryKey: [DELIVERIES_ENDPOINT] });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(DELIVERIES_ENDPOINT) });
    },
  });
}
