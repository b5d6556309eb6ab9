import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSetUserActive } from '../api/set-user-active';
import type { UserKind } from '../user-kind';

type Props = {
  kind: UserKind;
  user: { Id: number; UserName: string; IsActive: boolean };
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/**
 * Activates or deactivates a user after the user confirms it. A refusal (10004 the power-user licence is full,
 * 10008 an Alterna-level user) is shown translated in a dialog.
 */
export function UserActiveButton({ kind, user, compact }: Props) {
  const { t } = useTranslation('users');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const setActive = useSetUserActive();
  const activate = !user.IsActive;
  const name = user.UserName;

  const confirm = () =>
    setActive.mutate(
      { kind, id: user.Id, active: activate },
      {
        onSuccess: () =>
          void message.success(t(activate ? 'messages.activated' : 'messages.deactivated', { name })),
        onError: (error) => {
          modal.error({
            title: t(activate ? 'refused.activate' : 'refused.deactivate', { name }),
            content: errorMessage(error, tCommon),
            okText: t('actions.close'),
          });
        },
      },
    );

  const label = t(activate ? 'actions.activateUser' : 'actions.deactivateUser', { name });
  return (
    <Popconfirm
      title={t(activate ? 'confirmActivate.title' : 'confirmDeactivate.title', { name })}
      description={t(activate ? 'confirmActivate.description' : 'confirmDeactivate.description')}
      okText={t(activate ? 'actions.activate' : 'actions.deactivate')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: !activate }}
      onConfirm={confirm}
    >
      <Button
        danger={!activate}
        type={compact ? 'text' : 'default'}
        icon={activate ? <CheckCircleOutlined /> : <StopOutlined />}
        loading={setActive.isPending}
        aria-label={label}
        title={compact ? label : undefined}
      >
        {compact ? null : t(activate ? 'actions.activate' : 'actions.deactivate')}
      </Button>
    </Popconfirm>
  );
}
