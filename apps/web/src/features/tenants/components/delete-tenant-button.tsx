import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
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
export function DeleteTenantButton({ tenant, onDeleted, compact }: Props) {
  const { t } = useTranslation('tenants');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteTenant();

  const confirm = () =>
    remove.mutate(tenant.Id, {
      onSuccess: () => {
        void message.success(t('messages.deleted', { name: tenant.Name }));
        onDeleted?.();
      },
      onError: (error) => {
        modal.error({
          title: t('deleteRefused', { name: tenant.Name }),
          content: errorMessage(error, tCommon),
          okText: t('actions.close'),
        });
      },
    });

  return (
    <Popconfirm
      title={t('confirmDelete.title', { name: tenant.Name })}
      description={t('confirmDelete.description')}
      okText={t('confirmDelete.ok')}
      cancelText={t('confirmDelete.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button
        danger
        type={compact ? 'text' : 'default'}
        icon={<DeleteOutlined />}
        loading={remove.isPending}
        aria-label={t('actions.deleteTenant', { name: tenant.Name })}
      >
        {compact ? null : t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
