import { Button, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { signInPath, useIsSignedIn } from '@/lib/auth';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorSetup } from '../api/setup-two-factor';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { AuthErrorAlert } from './auth-error-alert';
import { PublicPage } from './public-page';
import { RecoveryCodes } from './recovery-codes';
import styles from './two-factor-setup-page.module.css';

const SETUP_PATH = '/two-factor-authenticate';
const OTP_PATTERN = /^\d{6}$/;

/** `/two-factor-authenticate`: a signed-in user scans the QR code, confirms a code and saves the recovery codes. */
export function TwoFactorSetupPage() {
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Navigate to={signInPath(SETUP_PATH)} replace />;
  return <TwoFactorSetup />;
}

function TwoFactorSetup() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();

  if (enable.isSuccess) {
    return (
      <PublicPage
        title={t('twoFactorSetup.codesTitle')}
        subtitle={t('twoFactorSetup.codesText')}
        width="wide"
      >
        <RecoveryCodes codes={enable.data.RecoveryCodes} />
        <Button
          type="primary"
          size="large"
          block
          onClick={() => void navigate(redirectTo, { replace: true })}
        >
          {t('twoFactorSetup.continue')}
        </Button>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('twoFactorSetup.title')} subtitle={t('twoFactorSetup.subtitle')} width="wide">
      {setup.isError ? (
        <AuthErrorAlert error={setup.error} />
      ) : (
        <div className={styles.scan}>
          <Typography.Text>{t('twoFactorSetup.scan')}</Typography.Text>
          {setup.data ? (
            <img className={styles.qr} src={setup.data.QrCode} alt={t('twoFactorSetup.qrAlt')} />
          ) : (
            <Skeleton.Node active className={styles.qr} />
          )}
          <Typography.Text type="secondary">{t('twoFactorSetup.key')}</Typography.Text>
          {setup.data && (
            <Typography.Text className={styles.key} code copyable data-testid="two-factor-secret">
              {setup.data.Secret}
            </Typography.Text>
          )}
        </div>
      )}
      <Form<{ Code: string }>
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => enable.mutate({ Code: values.Code.trim() })}
        onValuesChange={() => enable.reset()}
        disabled={enable.isPending || !setup.data}
      >
        {enable.isError && <AuthErrorAlert error={enable.error} />}
        <Form.Item
          name="Code"
          label={t('twoFactorSetup.code')}
          validateTrigger="onBlur"
          rules={[{ required: true, pattern: OTP_PATTERN, message: t('twoFactor.codeFormat') }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]*" maxLength={6} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enable.isPending}>
          {t('twoFactorSetup.enable')}
        </Button>
      </Form>
    </PublicPage>
  );
}
