import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

/** `DELETE /api/tenants/{id}`: 204, or 400 with 14004 (has users) or 14006 (has data); 404 with 14003. */
export async function deleteTenant(id: number): Promise<void> {
  await apiRequest({
    path: `${TENANTS_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
    // The page explains a refusal itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: tenantKeys.tenant(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(TENANTS_ENDPOINT) });
    },
  });
}
