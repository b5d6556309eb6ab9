import { tenantOptionSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';

const tenantOptionsQueryKey = ['tenants', 'forSelect'] as const;

/**
 * `GET /api/tenants/forSelect`: the tenants the caller may pick, by name (an operator gets every tenant, a
 * tenant-bound caller its own).
 */
function tenantOptionsQueryOptions() {
  return queryOptions({
    queryKey: tenantOptionsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/tenants/forSelect', schema: z.array(tenantOptionSchema), signal }),
    staleTime: 60_000,
  });
}

export function useTenantOptions(enabled: boolean) {
  return useQuery({ ...tenantOptionsQueryOptions(), enabled });
}
