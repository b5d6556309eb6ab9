import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { ROLES_ENDPOINT, roleKeys } from './role-keys';

/** `DELETE /api/identity/roles/{id}`: 204, or 400 with 10007 (held by users) or 10005 (Alterna level); 404. */
export async function deleteRole(id: number): Promise<void> {
  await apiRequest({
    path: `${ROLES_ENDPOINT}/${id}`,
    method: 'DELETE',
    schema: z.unknown(),
    // The page explains a refusal itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: roleKeys.role(id) });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(ROLES_ENDPOINT) });
    },
  });
}
