import { licenseDetailsSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/license-info`: the licence of the caller's tenant with what it has used. A tenantless caller names
 * the tenant (`tenantId`); without one the query waits.
 */
function licenseInfoQueryOptions(tenantId: number | undefined) {
  return queryOptions({
    queryKey: ['license-info', tenantId ?? 'own'] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        path: tenantId === undefined ? '/api/license-info' : `/api/license-info?tenantId=${tenantId}`,
        schema: licenseDetailsSchema,
        signal,
      }),
  });
}

export function useLicenseInfo({ tenantId, enabled }: { tenantId: number | undefined; enabled: boolean }) {
  return useQuery({ ...licenseInfoQueryOptions(tenantId), enabled });
}
