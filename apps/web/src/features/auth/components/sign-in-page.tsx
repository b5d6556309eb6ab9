import { LoginOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClassName } from '@/components/plain/plain-button';
import { ssoStartPath, useSsoConfig } from '../api/get-sso-config';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import styles from './auth-form.module.css';
import { PublicPage } from './public-page';
import { SignInForm, type PendingSignIn } from './sign-in-form';
import { TwoFactorStep } from './two-factor-step';

/**
 * `/login`: user name and password (with a captcha after repeated failures), then a two-factor code if set.
 * Plain React drawn like antd (components/plain): the page most visits start with loads no antd.
 */
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
          <div className={styles.or} role="separator">
            {t('signIn.or')}
          </div>
          {/* A full page load: the server answers with a redirect to the identity provider. */}
          <a className={buttonClassName({ size: 'large', block: true })} href={ssoStartPath(redirectTo)}>
            <LoginOutlined />
            {t('signIn.sso')}
          </a>
        </>
      )}
    </PublicPage>
  );
}
