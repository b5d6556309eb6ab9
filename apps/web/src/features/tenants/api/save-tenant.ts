import { tenantSchema, type SaveTenantInput, type Tenant } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { TENANTS_ENDPOINT, tenantKeys } from './tenant-keys';

export type SaveTenantRequest = { id?: number; body: SaveTenantInput };

/**
 * `POST /api/tenants` (no id) or `PUT /api/tenants/{id}`: the saved tenant, or 400 with 14001 (name exists),
 * 14002 (tenant limit reached), 3333; 404 with 14003.
 */
export function saveTenant({ id, body }: SaveTenantRequest): Promise<Tenant> {
  return apiRequest({
    path: id === undefined ? TENANTS_ENDPOINT : `${TENANTS_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: tenantSchema,
    // The form shows the expected refusals itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenant,
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantKeys.tenant(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(TENANTS_ENDPOINT) });
    },
  });
}
