import { roleSchema, type Role, type RoleInput } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { ROLES_ENDPOINT, roleKeys } from './role-keys';

export type SaveRoleRequest = { id?: number; body: RoleInput };

/**
 * `POST /api/identity/roles` (no id) or `PUT /api/identity/roles/{id}`: the saved role, or 400 with 10010 (name
 * exists), 10006 (Alterna role's scopes), 3333; 403 with 10008 (Alterna level); 409 with 10003 (power users).
 */
export function saveRole({ id, body }: SaveRoleRequest): Promise<Role> {
  return apiRequest({
    path: id === undefined ? ROLES_ENDPOINT : `${ROLES_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: roleSchema,
    // The form shows the expected refusals itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: (saved) => {
      queryClient.setQueryData(roleKeys.role(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(ROLES_ENDPOINT) });
    },
  });
}
