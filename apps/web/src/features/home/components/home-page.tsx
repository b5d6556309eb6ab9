import { Card, Typography } from 'antd';
import { hasAnyScope } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import styles from './home-page.module.css';
import { OverviewCounters } from './overview-counters';

/**
 * The overview: the landing page after sign-in, inside the shell. The welcome card for everyone; below it, for
 * holders of `overview`, the counters of the last days (docs/overview.md).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useBootstrap().data?.User;
  if (!user) return null;

  return (
    <section className={styles.welcome}>
      <Typography.Title level={1} className={styles.title}>
        {t('welcome', { name: user.FullName })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('signedInAs', { userName: user.UserName })}
      </Typography.Paragraph>
      <Card className={styles.card}>
        <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
        {user.Roles.length > 0 && (
          <Typography.Text type="secondary">
            {t('roles', { roles: user.Roles.map((role) => role.Name).join(', ') })}
          </Typography.Text>
        )}
      </Card>
      {hasAnyScope(user.Scopes, ['overview']) && <OverviewCounters scopes={user.Scopes} />}
    </section>
  );
}
