import { Alert, Button, Card, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/**
 * Signing out on every device (a lost phone, a shared computer): every access and refresh token of the user
 * stops working at once, this tab's too, after a confirmation.
 */
export function SessionsCard() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const signOut = useSignOutEverywhere();

  return (
    <Card title={t('sessions.title')}>
      <Typography.Paragraph>{t('sessions.description')}</Typography.Paragraph>
      {signOut.isError && (
        <Alert type="error" showIcon title={errorMessage(signOut.error, tCommon)} role="alert" />
      )}
      <Popconfirm
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmText')}
        okText={t('sessions.confirm')}
        cancelText={t('sessions.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => signOut.mutate()}
      >
        <Button danger loading={signOut.isPending}>
          {t('sessions.signOutEverywhere')}
        </Button>
      </Popconfirm>
    </Card>
  );
}
