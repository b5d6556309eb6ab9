import { userDetailSchema, type UserDetail } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kindConfig, type UserKind } from '../user-kind';
import { userKeys } from './user-keys';

/** `GET /api/users/{id}` or `/api/test-users/{id}`: the form's record; 404 outside the caller's tenant. */
function getUser(kind: UserKind, id: number, signal?: AbortSignal): Promise<UserDetail> {
  return apiRequest({
    path: `${kindConfig(kind).endpoint}/${id}`,
    schema: userDetailSchema,
    signal,
    // The page shows a missing record itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

function userQueryOptions(kind: UserKind, id: number) {
  return queryOptions({
    queryKey: userKeys.user(kind, id),
    queryFn: ({ signal }) => getUser(kind, id, signal),
    retry: false,
  });
}

export function useUser(kind: UserKind, id: number | undefined) {
  return useQuery({ ...userQueryOptions(kind, id ?? 0), enabled: id !== undefined });
}
