import { twoFactorCodeSchema } from '@loupe/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { useCaptcha } from '../api/get-captcha';
import { useSignIn } from '../api/sign-in';
import { TokenRequestError } from '@/lib/api-client';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field';
import type { PendingSignIn } from './sign-in-form';

type CodeKind = 'otp' | 'recovery_code';
type CodeValues = { code: string; captchaAnswer?: string };

const OTP_PATTERN = /^\d{6}$/;

type TwoFactorStepProps = {
  pending: PendingSignIn;
  onBack: (captchaRequired: boolean) => void;
  onSignedIn: () => void;
};

/** The second step of signing in: a TOTP code, or one of the recovery codes. */
export function TwoFactorStep({ pending, onBack, onSignedIn }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const [kind, setKind] = useState<CodeKind>('otp');
  const [captchaRequired, setCaptchaRequired] = useState(pending.captchaRequired);
  const captcha = useCaptcha({ enabled: captchaRequired });
  const signIn = useSignIn();

  const switchKind = () => {
    setKind(kind === 'otp' ? 'recovery_code' : 'otp');
    form.resetFields(['code']);
    signIn.reset();
  };

  const submit = ({ code, captchaAnswer }: CodeValues) => {
    const challenge =
      captchaRequired && captcha.data
        ? { id: captcha.data.CaptchaId, answer: captchaAnswer ?? '' }
        : undefined;
    signIn.mutate(
      {
        username: pending.username,
        password: pending.password,
        captcha: challenge,
        secondFactor: { kind, code: code.trim() },
      },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (!(error instanceof TokenRequestError)) return;
          if (error.captchaRequired || error.error === 'invalid_captcha') setCaptchaRequired(true);
          if (challenge) {
            form.setFieldValue('captchaAnswer', '');
            void captcha.refetch();
          }
        },
      },
    );
  };

  return (
    <Form<CodeValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={submit}
      onValuesChange={() => signIn.reset()}
      disabled={signIn.isPending}
    >
      <Typography.Paragraph type="secondary">
        {kind === 'otp' ? t('twoFactor.subtitle') : t('twoFactor.recoverySubtitle')}
      </Typography.Paragraph>
      {signIn.isError && <AuthErrorAlert error={signIn.error} />}
      {kind === 'otp' ? (
        <Form.Item
          key="otp"
          name="code"
          label={t('twoFactor.code')}
          validateTrigger="onBlur"
          rules={[{ pattern: OTP_PATTERN, required: true, message: t('twoFactor.codeFormat') }]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            data-testid="two-factor-code"
          />
        </Form.Item>
      ) : (
        <Form.Item
          key="recovery"
          name="code"
          label={t('twoFactor.recoveryCode')}
          rules={[zodRule(twoFactorCodeSchema.shape.Code, tCommon)]}
        >
          <Input
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            data-testid="recovery-code"
          />
        </Form.Item>
      )}
      {captchaRequired && <CaptchaField challenge={captcha} />}
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('twoFactor.submit')}
      </Button>
      <div className={styles.row}>
        <Button type="link" size="middle" onClick={switchKind}>
          {kind === 'otp' ? t('twoFactor.useRecoveryCode') : t('twoFactor.useAuthenticator')}
        </Button>
        <Button type="link" size="middle" onClick={() => onBack(captchaRequired)}>
          {t('common.backToSignIn')}
        </Button>
      </div>
    </Form>
  );
}
