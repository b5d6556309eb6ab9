import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { JOURNEY_STAGES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `DELETE /api/journey-stages/{id}`: 204, or 400 with 13005 (used by surveys); 404. */
export async function deleteJourneyStage(id: number): Promise<void> {
  await apiRequest({
    path: `${JOURNEY_STAGES_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteJourneyStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJourneyStage,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: metadataKeys.journeyStage(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(JOURNEY_STAGES_ENDPOINT) });
    },
  });
}
