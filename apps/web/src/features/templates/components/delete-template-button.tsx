import type { TemplateKind } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteTemplate } from '../api/delete-template';

/** Deletes a template after the user confirms; a refusal shows translated in a dialog. */
export function DeleteTemplateButton({
  kind,
  ...props
}: DeleteNamedRecordProps<number> & { kind: TemplateKind }) {
  return <DeleteNamedRecordButton {...props} namespace="templates" mutation={useDeleteTemplate(kind)} />;
}
