import { useTranslation } from 'react-i18next';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useDeleteClient } from '../api/delete-client';

type Props = {
  client: { Id: string; Name: string };
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/** Deletes a client after the user confirms; its sign-ins end. A refusal shows translated in a dialog. */
export function DeleteClientButton({ client, ...rest }: Props) {
  const { t } = useTranslation('clients');
  const name = client.Name;
  return (
    <DeleteRecordButton
      {...rest}
      id={client.Id}
      mutation={useDeleteClient()}
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
