import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

/** `DELETE /api/tenants/{id}`: 204, or 400 with 14004 (has users) or 14006 (has data); 404 with 14003. */
function deleteTenant(id: number): Promise<void> {
  return deleteRecord(TENANTS_ENDPOINT, id);
}

export function useDeleteTenant() {
  return useDeleteRecordMutation(deleteTenant, { endpoint: TENANTS_ENDPOINT, recordKey: tenantKeys.tenant });
}
