import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteClient } from '../api/delete-client';

type Props = {
  client: { Id: string; Name: string };
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/** Deletes a client after the user confirms; its sign-ins end. A refusal shows translated in a dialog. */
export function DeleteClientButton({ client, onDeleted, compact }: Props) {
  const { t } = useTranslation('clients');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteClient();

  const confirm = () =>
    remove.mutate(client.Id, {
      onSuccess: () => {
        void message.success(t('delete.done', { name: client.Name }));
        onDeleted?.();
      },
      onError: (error) => {
        modal.error({
          title: t('delete.refused', { name: client.Name }),
          content: errorMessage(error, tCommon),
          okText: t('record.close'),
        });
      },
    });

  return (
    <Popconfirm
      title={t('delete.confirmTitle', { name: client.Name })}
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
        aria-label={t('delete.label', { name: client.Name })}
      >
        {compact ? null : t('delete.button')}
      </Button>
    </Popconfirm>
  );
}
