import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { SYSTEM_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `DELETE /api/system-configurations/{id}`: 204. */
export async function deleteSystemConfiguration(id: number): Promise<void> {
  await apiRequest({
    path: `${SYSTEM_CONFIGURATIONS_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeleteSystemConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSystemConfiguration,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: configurationKeys.system(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(SYSTEM_CONFIGURATIONS_ENDPOINT) });
    },
  });
}
