import { useTranslation } from 'react-i18next';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useDeleteRole } from '../api/delete-role';

type Props = {
  role: { Id: number; Name: string };
  /** After the role is gone (e.g. back to the list). */
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/**
 * Deletes a role after the user confirms. The server decides whether it may go: a role held by users (10007)
 * or of the Alterna level (10005) is refused, and the refusal shows translated in a dialog.
 */
export function DeleteRoleButton({ role, ...rest }: Props) {
  const { t } = useTranslation('roles');
  const name = role.Name;
  return (
    <DeleteRecordButton
      {...rest}
      id={role.Id}
      mutation={useDeleteRole()}
      texts={{
        label: t('delete.label', { name }),
        confirmTitle: t('delete.confirmTitle', { name }),
        confirmDescription: t('delete.confirmDescription'),
        done: t('delete.done', { name }),
        refused: t('delete.refused', { name }),
      }}
    />
  );
}
