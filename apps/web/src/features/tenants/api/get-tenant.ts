import { tenantSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

/** `GET /api/tenants/{id}`: the tenant with its config, time zone, user count and licence end (404: 14003). */
export function tenantQueryOptions(id: number) {
  return queryOptions({
    queryKey: tenantKeys.tenant(id),
    queryFn: ({ signal }) => apiRequest({ path: `${TENANTS_ENDPOINT}/${id}`, schema: tenantSchema, signal }),
  });
}

export function useTenant(id: number | undefined) {
  return useQuery({ ...tenantQueryOptions(id ?? 0), enabled: id !== undefined });
}
