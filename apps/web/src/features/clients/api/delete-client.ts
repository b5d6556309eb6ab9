import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { CLIENTS_ENDPOINT, clientKeys } from './client-keys';

/** `DELETE /api/clients/{id}`: 204 (its refresh tokens go too), or 400 with 10012 (the console's client); 404. */
export async function deleteClient(id: string): Promise<void> {
  await apiRequest({
    path: `${CLIENTS_ENDPOINT}/${encodeURIComponent(id)}`,
    method: 'DELETE',
    schema: z.unknown(),
    // The page explains a refusal itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.client(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(CLIENTS_ENDPOINT) });
    },
  });
}
