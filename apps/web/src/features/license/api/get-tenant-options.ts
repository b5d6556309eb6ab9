import { tenantOptionSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/tenants/forSelect`: the tenants a tenantless user may pick, by name. */
function tenantOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['tenants', 'forSelect'] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/tenants/forSelect', schema: z.array(tenantOptionSchema), signal }),
  });
}

export function useTenantOptions(enabled: boolean) {
  return useQuery({ ...tenantOptionsQueryOptions(), enabled });
}
