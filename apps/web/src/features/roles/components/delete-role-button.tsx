import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
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
export function DeleteRoleButton({ role, onDeleted, compact }: Props) {
  const { t } = useTranslation('roles');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteRole();

  const confirm = () =>
    remove.mutate(role.Id, {
      onSuccess: () => {
        void message.success(t('delete.done', { name: role.Name }));
        onDeleted?.();
      },
      onError: (error) => {
        modal.error({
          title: t('delete.refused', { name: role.Name }),
          content: errorMessage(error, tCommon),
          okText: t('record.close'),
        });
      },
    });

  return (
    <Popconfirm
      title={t('delete.confirmTitle', { name: role.Name })}
      description={t('delete.confirmDescription')}
      okText={t('delete.ok')}
      cancelText={t('record.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button
        danger
        type={compact ? 'text' : 'default'}
        icon={<DeleteOutlined />}
        loading={remove.isPending}
        aria-label={t('delete.label', { name: role.Name })}
      >
        {compact ? null : t('delete.button')}
      </Button>
    </Popconfirm>
  );
}
