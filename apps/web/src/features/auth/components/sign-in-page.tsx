import { LoginOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ssoStartPath, useSsoConfig } from '../api/get-sso-config';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import styles from './auth-form.module.css';
import { PublicPage } from './public-page';
import { SignInForm, type PendingSignIn } from './sign-in-form';
import { TwoFactorStep } from './two-factor-step';

/** `/login`: user name and password (with a captcha after repeated failures), then a two-factor code if set. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();
  const sso = useSsoConfig();
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [resume, setResume] = useState<{ username: string; captchaRequired: boolean }>();

  const onSignedIn = () => void navigate(redirectTo, { replace: true });

  if (pending) {
    return (
      <PublicPage title={t('twoFactor.title')}>
        <TwoFactorStep
          pending={pending}
          onSignedIn={onSignedIn}
          onBack={(captchaRequired) => {
            setResume({ username: pending.username, captchaRequired });
            setPending(null);
          }}
        />
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm resume={resume} onTwoFactorRequired={setPending} onSignedIn={onSignedIn} />
      {sso.data?.Enabled && (
        <>
          <Divider className={styles.divider} plain>
            {t('signIn.or')}
          </Divider>
          {/* A full page load: the server answers with a redirect to the identity provider. */}
          <Button block size="large" icon={<LoginOutlined />} href={ssoStartPath(redirectTo)}>
            {t('signIn.sso')}
          </Button>
        </>
      )}
    </PublicPage>
  );
}
