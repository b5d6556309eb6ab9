import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { WEIGHTED_GROUPS_ENDPOINT, metadataKeys } from './metadata-keys';

/** `DELETE /api/weighted-experience-groups/{id}`: 204, or 404 with 18002. */
export async function deleteWeightedGroup(id: number): Promise<void> {
  await apiRequest({
    path: `${WEIGHTED_GROUPS_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteWeightedGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWeightedGroup,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: metadataKeys.weightedGroup(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(WEIGHTED_GROUPS_ENDPOINT) });
    },
  });
}
