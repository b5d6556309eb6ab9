import { userDetailSchema, type UserDetail } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';
import { kindConfig, type UserKind } from '../user-kind';
import { userKeys } from './user-keys';

type SetUserActiveRequest = { kind: UserKind; id: number; active: boolean };

/**
 * `PUT /api/users/{id}/activate` or `/deactivate` (and under /api/test-users): the user, or 409 10004 (an
 * activation over the power-user licence), 403 10008 (an Alterna-level user) or 403 (deactivating yourself).
 */
function setUserActive({ kind, id, active }: SetUserActiveRequest): Promise<UserDetail> {
  return apiRequest({
    path: `${kindConfig(kind).endpoint}/${id}/${active ? 'activate' : 'deactivate'}`,
    method: 'PUT',
    schema: userDetailSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: (saved, { kind }) => {
      queryClient.setQueryData(userKeys.user(kind, saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(kindConfig(kind).endpoint) });
    },
  });
}
