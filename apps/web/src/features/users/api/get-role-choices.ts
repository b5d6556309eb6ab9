import { identityRoleSchema, type IdentityRole } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './user-keys';

const roleList = z.array(identityRoleSchema);

/**
 * The roles a user form offers: the caller's own tenant's from `GET /api/identityRoles`, another tenant's
 * (chosen by an alterna:manage holder) from `GET /api/users/roleChoices?tenantId=` (none: the tenantless roles).
 */
function getRoleChoices(tenant: number | null | 'own', signal?: AbortSignal): Promise<IdentityRole[]> {
  let path = '/api/identityRoles';
  if (tenant === null) path = '/api/users/roleChoices';
  else if (tenant !== 'own') path = `/api/users/roleChoices?tenantId=${tenant}`;
  return apiRequest({ path, schema: roleList, signal });
}

function roleChoicesQueryOptions(tenant: number | null | 'own') {
  return queryOptions({
    queryKey: userKeys.roleChoices(tenant),
    queryFn: ({ signal }) => getRoleChoices(tenant, signal),
    staleTime: 60_000,
  });
}

export function useRoleChoices(tenant: number | null | 'own') {
  return useQuery(roleChoicesQueryOptions(tenant));
}
