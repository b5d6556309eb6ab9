import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteRole } from '../api/delete-role';

/**
 * Deletes a role after the user confirms. The server decides whether it may go: a role held by users (10007)
 * or of the Alterna level (10005) is refused, and the refusal shows translated in a dialog.
 */
export function DeleteRoleButton(props: DeleteNamedRecordProps<number>) {
  return <DeleteNamedRecordButton {...props} namespace="roles" mutation={useDeleteRole()} />;
}
