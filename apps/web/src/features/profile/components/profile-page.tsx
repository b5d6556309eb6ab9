import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { ChangePasswordCard } from './change-password-card';
import styles from './profile-page.module.css';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** `/profile` (any signed-in user): the account, password change, two-step verification, and signing out everywhere. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useBootstrap().data?.User;
  if (!user) return null;
  const none = t('account.none');

  return (
    <div className={styles.page}>
      <Typography.Title level={1} className={styles.title}>
        {t('title')}
      </Typography.Title>
      <Card title={t('account.title')}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('account.fullName')}>{user.FullName}</Descriptions.Item>
          <Descriptions.Item label={t('account.userName')}>{user.UserName}</Descriptions.Item>
          <Descriptions.Item label={t('account.email')}>{user.Email ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('account.roles')}>
            {user.Roles.map((role) => role.Name).join(', ') || none}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className={styles.columns}>
        <ChangePasswordCard />
        <TwoFactorCard />
        <SessionsCard />
      </div>
    </div>
  );
}
