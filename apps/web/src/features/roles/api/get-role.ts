import { roleSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ROLES_ENDPOINT, roleKeys } from './role-keys';

/** `GET /api/identity/roles/{id}`: the role with its scopes and user count (404 when not in the tenant). */
export function roleQueryOptions(id: number) {
  return queryOptions({
    queryKey: roleKeys.role(id),
    queryFn: ({ signal }) => apiRequest({ path: `${ROLES_ENDPOINT}/${id}`, schema: roleSchema, signal }),
  });
}

export function useRole(id: number | undefined) {
  return useQuery({ ...roleQueryOptions(id ?? 0), enabled: id !== undefined });
}
