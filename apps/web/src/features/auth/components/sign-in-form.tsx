import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { passwordGrantSchema } from '@loupe/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { zodRule } from '@/lib/form-rules';
import { useCaptcha } from '../api/get-captcha';
import { useCaptchaRequired } from '../api/get-captcha-required';
import { useSignIn } from '../api/sign-in';
import { TokenRequestError } from '@/lib/api-client';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field';
import { EmailConfirmationResend } from './email-confirmation-resend';

type CredentialsValues = { username: string; password: string; captchaAnswer?: string };

/** What the two-factor step needs to repeat the sign-in with a code. */
export type PendingSignIn = { username: string; password: string; captchaRequired: boolean };

type SignInFormProps = {
  /** Coming back from the two-factor step: the user name and whether a captcha is due. */
  resume?: { username: string; captchaRequired: boolean } | undefined;
  onTwoFactorRequired: (pending: PendingSignIn) => void;
  onSignedIn: () => void;
};

export function SignInForm({ resume, onTwoFactorRequired, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<CredentialsValues>();
  const signIn = useSignIn();
  // The login whose captcha need was last asked; '' asks about this address alone.
  const [checkedLogin, setCheckedLogin] = useState(resume?.username ?? '');
  const [captchaForced, setCaptchaForced] = useState(resume?.captchaRequired ?? false);
  const captchaCheck = useCaptchaRequired(checkedLogin);
  const captchaRequired = captchaForced || captchaCheck.data?.Required === true;
  const captcha = useCaptcha({ enabled: captchaRequired });

  const submit = ({ username, password, captchaAnswer }: CredentialsValues) => {
    const challenge =
      captchaRequired && captcha.data
        ? { id: captcha.data.CaptchaId, answer: captchaAnswer ?? '' }
        : undefined;
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
            form.setFieldValue('captchaAnswer', '');
            void captcha.refetch();
          }
        },
      },
    );
  };

  const refused = signIn.error instanceof TokenRequestError ? signIn.error.error : null;

  return (
    <Form<CredentialsValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ username: resume?.username ?? '' }}
      onFinish={submit}
      onValuesChange={() => signIn.reset()}
      disabled={signIn.isPending}
    >
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
      <Form.Item
        name="username"
        label={t('signIn.username')}
        rules={[zodRule(passwordGrantSchema.shape.username, tCommon)]}
      >
        <Input
          prefix={<UserOutlined aria-hidden="true" />}
          autoComplete="username"
          autoFocus={!resume}
          onBlur={(event) => setCheckedLogin(event.target.value.trim())}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('signIn.password')}
        rules={[zodRule(passwordGrantSchema.shape.password, tCommon)]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden="true" />}
          autoComplete="current-password"
          autoFocus={!!resume}
        />
      </Form.Item>
      {captchaRequired && <CaptchaField challenge={captcha} />}
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('signIn.submit')}
      </Button>
      <div className={styles.row}>
        <Link className={styles.link} to="/forgot-password">
          {t('signIn.forgotPassword')}
        </Link>
      </div>
    </Form>
  );
}
