import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteImportSource } from '../api/import-sources';

/** Deletes an import source after confirmation; the server refuses one in use (16001, 16004), shown translated. */
export function DeleteImportSourceButton(props: DeleteNamedRecordProps<number>) {
  return <DeleteNamedRecordButton {...props} namespace="imports" mutation={useDeleteImportSource()} />;
}
