import { tenantSchema, type SaveTenantInput, type Tenant } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '../../../components/admin-page/record-api';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

export type SaveTenantRequest = SaveRecordRequest<SaveTenantInput>;

/**
 * `POST /api/tenants` (no id) or `PUT /api/tenants/{id}`: the saved tenant, or 400 with 14001 (name exists),
 * 14002 (tenant limit reached), 3333; 404 with 14003.
 */
export function saveTenant(request: SaveTenantRequest): Promise<Tenant> {
  return saveRecord(TENANTS_ENDPOINT, tenantSchema, request);
}

export function useSaveTenant() {
  return useSaveRecordMutation(saveTenant, { endpoint: TENANTS_ENDPOINT, recordKey: tenantKeys.tenant });
}
