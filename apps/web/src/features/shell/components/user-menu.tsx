import { CompassOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { SignedInUser } from '@loupe/contracts';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/sign-out';
import styles from './top-bar.module.css';

function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toLocaleUpperCase())
    .join('');
}

/** The user menu (shell spec §2): profile, the guiding tour, sign out. */
export function UserMenu({
  user,
  compact,
  onStartTour,
  id,
}: {
  user: Pick<SignedInUser, 'FullName' | 'UserName'>;
  compact: boolean;
  onStartTour: () => void;
  id?: string;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('topBar.profile') },
          { key: 'tour', icon: <CompassOutlined />, label: t('topBar.tour') },
          { type: 'divider' },
          { key: 'signOut', icon: <LogoutOutlined />, label: t('topBar.signOut'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate('/profile');
          if (key === 'tour') onStartTour();
          if (key === 'signOut') signOut.mutate(user.UserName);
        },
      }}
    >
      <Button
        id={id}
        type="text"
        className={styles.user}
        loading={signOut.isPending}
        aria-label={t('topBar.userMenu', { name: user.FullName })}
      >
        <Avatar size="small" className={styles.avatar}>
          {initials(user.FullName)}
        </Avatar>
        {!compact && <span className={styles.userName}>{user.FullName}</span>}
        <DownOutlined className={styles.caret} />
      </Button>
    </Dropdown>
  );
}
