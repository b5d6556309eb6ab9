import { userDetailSchema, type UserDetail, type UserUpdateInput } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveRecord } from '@/components/admin-page/record-api';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { kindConfig, type UserKind } from '../user-kind';
import { userKeys } from './user-keys';

type SaveUserRequest = { kind: UserKind; id?: number; body: UserUpdateInput };

/**
 * `POST /api/users` (no id) or `PUT /api/users/{id}` (and the same under /api/test-users): the saved user, or
 * 409 10009 (user name taken), 10001/10002 (power-user licence full); 403 14005 (tenant change), 10008 (Alterna
 * level); 400 2100 (role or restriction of another tenant), 3333.
 */
function saveUser({ kind, id, body }: SaveUserRequest): Promise<UserDetail> {
  return saveRecord(kindConfig(kind).endpoint, userDetailSchema, { id, body });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (saved, { kind }) => {
      queryClient.setQueryData(userKeys.user(kind, saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(kindConfig(kind).endpoint) });
    },
  });
}
