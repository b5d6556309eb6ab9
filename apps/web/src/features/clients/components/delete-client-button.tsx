import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteClient } from '../api/delete-client';

/** Deletes a client after the user confirms; its sign-ins end. A refusal shows translated in a dialog. */
export function DeleteClientButton(props: DeleteNamedRecordProps<string>) {
  return <DeleteNamedRecordButton {...props} namespace="clients" mutation={useDeleteClient()} />;
}
