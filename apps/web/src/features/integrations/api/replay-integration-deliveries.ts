import {
  integrationReplayResultSchema,
  type IntegrationReplayRange,
  type IntegrationReplayResult,
} from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';
import { DELIVERIES_ENDPOINT } from './integration-keys';

/**
 * `POST /api/integration-deliveries/replay`: re-sends the deliveries of a time range (at most 31 days, 19212; at
 * most 1000 deliveries, 19213); the answer says how many were queued.
 */
function replayIntegrationDeliveries(range: IntegrationReplayRange): Promise<IntegrationReplayResult> {
  return apiRequest({
    path: `${DELIVERIES_ENDPOINT}/replay`,
    method: 'POST',
    body: range,
    schema: integrationReplayResultSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useReplayIntegrationDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayIntegrationDeliveries,
    onSuccess: () => {
      // The attempts of an open drawer and a range's count are under the endpoint's own key.
      void queryClient.invalidateQueries({ queryKey: [DELIVERIES_ENDPOINT] });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(DELIVERIES_ENDPOINT) });
    },
  });
}
