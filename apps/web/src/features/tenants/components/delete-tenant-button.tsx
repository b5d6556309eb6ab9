import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteTenant } from '../api/delete-tenant';

/**
 * Deletes a tenant after the user confirms it. A refusal (14004 the tenant has users, 14006 it has other data,
 * 14003 it is gone) is shown translated in a dialog.
 */
export function DeleteTenantButton(props: DeleteNamedRecordProps<number>) {
  return <DeleteNamedRecordButton {...props} namespace="tenants" mutation={useDeleteTenant()} />;
}
