import { tenantOptionSchema, type TenantOption } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** `GET /api/tenants/forSelect`: the tenants a user may be put in (a tenant-bound caller gets its own). */
function getTenantOptions(signal?: AbortSignal): Promise<TenantOption[]> {
  return apiRequest({ path: '/api/tenants/forSelect', schema: z.array(tenantOptionSchema), signal });
}

export function useTenantOptions(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: userKeys.tenantOptions,
      queryFn: ({ signal }) => getTenantOptions(signal),
      staleTime: 60_000,
    }),
    enabled,
  });
}
