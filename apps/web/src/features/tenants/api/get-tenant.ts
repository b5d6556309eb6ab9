import { tenantSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

/** `GET /api/tenants/{id}`: the tenant with its config, time zone, user count and licence end (404: 14003). */
export function useTenant(id: number | undefined) {
  return useRecordQuery(TENANTS_ENDPOINT, id, tenantSchema, tenantKeys.tenant);
}
