import { useTranslation } from 'react-i18next';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useDeleteTenant } from '../api/delete-tenant';

type Props = {
  tenant: { Id: number; Name: string };
  /** After the tenant is gone (e.g. back to the list). */
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/**
 * Deletes a tenant after the user confirms it. A refusal (14004 the tenant has users, 14006 it has other data,
 * 14003 it is gone) is shown translated in a dialog.
 */
export function DeleteTenantButton({ tenant, ...rest }: Props) {
  const { t } = useTranslation('tenants');
  const name = tenant.Name;
  return (
    <DeleteRecordButton
      {...rest}
      id={tenant.Id}
      mutation={useDeleteTenant()}
      texts={{
        label: t('actions.deleteTenant', { name }),
        confirmTitle: t('confirmDelete.title', { name }),
        confirmDescription: t('confirmDelete.description'),
        done: t('messages.deleted', { name }),
        refused: t('deleteRefused', { name }),
      }}
    />
  );
}
