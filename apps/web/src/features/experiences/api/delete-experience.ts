import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `DELETE /api/experiences/{id}`: 204, or 400 with 13003 (system experience), 13004 (in use); 404 with 13002. */
export async function deleteExperience(id: number): Promise<void> {
  await apiRequest({
    path: `${EXPERIENCES_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
    // The page explains a refusal itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExperience,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: metadataKeys.experience(id) });
      void queryClient.invalidateQueries({ queryKey: metadataKeys.calculableExperiences });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(EXPERIENCES_ENDPOINT) });
    },
  });
}
