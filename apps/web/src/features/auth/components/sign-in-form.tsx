import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { passwordGrantSchema } from '@loupe/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainField, PlainInput, PlainPasswordInput } from '@/components/plain/plain-field';
import { usePlainForm } from '@/components/plain/use-plain-form';
import { TokenRequestError } from '@/lib/api-client';
import { zodProblem } from '@/lib/form-rules';
import { useCaptcha } from '../api/get-captcha';
import { useCaptchaRequired } from '../api/get-captcha-required';
import { useSignIn } from '../api/sign-in';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { CaptchaField, captchaAnswerProblem } from './captcha-field';
import { EmailConfirmationResend } from './email-confirmation-resend';

/** What the two-factor step needs to repeat the sign-in with a code. */
export type PendingSignIn = { username: string; password: string; captchaRequired: boolean };

type SignInFormProps = {
  /** Coming back from the two-factor step: the user name and whether a captcha is due. */
  resume?: { username: string; captchaRequired: boolean } | undefined;
  onTwoFactorRequired: (pending: PendingSignIn) => void;
  onSignedIn: () => void;
};

/** User name, password and, after repeated failures, a captcha; plain React, as the sign-in page loads no antd. */
export function SignInForm({ resume, onTwoFactorRequired, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const form = usePlainForm({ username: resume?.username ?? '', password: '', captchaAnswer: '' });
  const signIn = useSignIn();
  // The login whose captcha need was last asked; '' asks about this address alone.
  const [checkedLogin, setCheckedLogin] = useState(resume?.username ?? '');
  const [captchaForced, setCaptchaForced] = useState(resume?.captchaRequired ?? false);
  const captchaCheck = useCaptchaRequired(checkedLogin);
  const captchaRequired = captchaForced || captchaCheck.data?.Required === true;
  const captcha = useCaptcha({ enabled: captchaRequired });

  // The same zod schema as the token route checks.
  const checks = {
    username: (value: string) => zodProblem(passwordGrantSchema.shape.username, value, tCommon),
    password: (value: string) => zodProblem(passwordGrantSchema.shape.password, value, tCommon),
    ...(captchaRequired && { captchaAnswer: (value: string) => captchaAnswerProblem(value, tCommon) }),
  };
  const change = (name: 'username' | 'password' | 'captchaAnswer', value: string) => {
    signIn.reset();
    form.setValue(name, value, checks[name]);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll(checks)) return;
    const { username, password, captchaAnswer } = form.values;
    const challenge =
      captchaRequired && captcha.data ? { id: captcha.data.CaptchaId, answer: captchaAnswer } : undefined;
    signIn.mutate(
      { username, password, captcha: challenge },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (!(error instanceof TokenRequestError)) return;
          if (error.error === 'invalid_grant_2fa' && error.twoFactorRequired) {
            onTwoFactorRequired({ username, password, captchaRequired });
            return;
          }
          if (error.error === 'expired_password') {
            void navigate(
              { pathname: '/change-password', search: location.search },
              { state: { userName: username, expired: true } },
            );
            return;
          }
          if (error.captchaRequired || error.error === 'invalid_captcha') setCaptchaForced(true);
          // A challenge answers one attempt only.
          if (challenge) {
            form.setValue('captchaAnswer', '');
            void captcha.refetch();
          }
        },
      },
    );
  };

  const refused = signIn.error instanceof TokenRequestError ? signIn.error.error : null;
  const busy = signIn.isPending;

  return (
    <form noValidate onSubmit={submit}>
      {signIn.isError && refused !== 'expired_password' && (
        <AuthErrorAlert
          error={signIn.error}
          action={
            refused === 'invalid_grant_email_confirm' && (
              <EmailConfirmationResend login={signIn.variables.username} />
            )
          }
        />
      )}
      <PlainField id="username" label={t('signIn.username')} error={form.errors.username}>
        <PlainInput
          id="username"
          name="username"
          value={form.values.username}
          onChange={(event) => change('username', event.target.value)}
          invalid={!!form.errors.username}
          disabled={busy}
          prefix={<UserOutlined aria-hidden="true" />}
          autoComplete="username"
          autoFocus={!resume}
          onBlur={(event) => setCheckedLogin(event.target.value.trim())}
        />
      </PlainField>
      <PlainField id="password" label={t('signIn.password')} error={form.errors.password}>
        <PlainPasswordInput
          id="password"
          name="password"
          value={form.values.password}
          onChange={(event) => change('password', event.target.value)}
          invalid={!!form.errors.password}
          disabled={busy}
          prefix={<LockOutlined aria-hidden="true" />}
          autoComplete="current-password"
          autoFocus={!!resume}
        />
      </PlainField>
      {captchaRequired && (
        <CaptchaField
          challenge={captcha}
          value={form.values.captchaAnswer}
          onChange={(value) => change('captchaAnswer', value)}
          error={form.errors.captchaAnswer}
          disabled={busy}
        />
      )}
      <PlainButton variant="primary" htmlType="submit" size="large" block loading={busy}>
        {t('signIn.submit')}
      </PlainButton>
      <div className={styles.row}>
        <Link className={styles.link} to="/forgot-password">
          {t('signIn.forgotPassword')}
        </Link>
      </div>
    </form>
  );
}
