import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
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
  const activate = !user.IsActive;
  const name = user.UserName;
  return (
    <ConfirmActionButton
      variables={{ kind, id: user.Id, active: activate }}
      mutation={useSetUserActive()}
      compact={compact}
      danger={!activate}
      icon={activate ? <CheckCircleOutlined /> : <StopOutlined />}
      texts={{
        label: t(activate ? 'actions.activateUser' : 'actions.deactivateUser', { name }),
        button: t(activate ? 'actions.activate' : 'actions.deactivate'),
        confirmTitle: t(activate ? 'confirmActivate.title' : 'confirmDeactivate.title', { name }),
        confirmDescription: t(activate ? 'confirmActivate.description' : 'confirmDeactivate.description'),
        done: t(activate ? 'messages.activated' : 'messages.deactivated', { name }),
        refused: t(activate ? 'refused.activate' : 'refused.deactivate', { name }),
      }}
    />
  );
}
