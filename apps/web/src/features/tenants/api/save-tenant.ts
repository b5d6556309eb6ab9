import { tenantSchema, type CreateTenantInput, type SaveTenantInput, type Tenant } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

/** A create carries the first Administrator user too. */
type SaveTenantRequest = SaveRecordRequest<SaveTenantInput | CreateTenantInput>;

/**
 * `POST /api/tenants` (no id) or `PUT /api/tenants/{id}`: the saved tenant, or 400 with 14001 (name exists),
 * 14002 (tenant limit reached), 3333; 404 with 14003; 409 with 10009 (the first user's name is taken).
 */
function saveTenant(request: SaveTenantRequest): Promise<Tenant> {
  return saveRecord(TENANTS_ENDPOINT, tenantSchema, request);
}

export function useSaveTenant() {
  return useSaveRecordMutation(saveTenant, { endpoint: TENANTS_ENDPOINT, recordKey: tenantKeys.tenant });
}
