import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { SERVICE_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `DELETE /api/service-configurations/{id}`: 204. */
export async function deleteServiceConfiguration(id: number): Promise<void> {
  await apiRequest({
    path: `${SERVICE_CONFIGURATIONS_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeleteServiceConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceConfiguration,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: configurationKeys.service(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(SERVICE_CONFIGURATIONS_ENDPOINT) });
    },
  });
}
