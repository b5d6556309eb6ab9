import { useBootstrap } from '@/lib/bootstrap';

/**
 * Whether the signed-in user belongs to no tenant (an installation-level Alterna user): only such users create
 * and delete tenants; a tenant-bound alterna:manage holder sees and edits its own tenant.
 */
export function useIsTenantless(): boolean {
  return useBootstrap().data?.User.TenantId === null;
}
