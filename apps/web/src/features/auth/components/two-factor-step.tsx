import { twoFactorCodeSchema } from '@loupe/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainField, PlainInput } from '@/components/plain/plain-field';
import { usePlainForm } from '@/components/plain/use-plain-form';
import { TokenRequestError } from '@/lib/api-client';
import { zodProblem } from '@/lib/form-rules';
import { useCaptcha } from '../api/get-captcha';
import { useSignIn } from '../api/sign-in';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { CaptchaField, captchaAnswerProblem } from './captcha-field';
import type { PendingSignIn } from './sign-in-form';

type CodeKind = 'otp' | 'recovery_code';

const OTP_PATTERN = /^\d{6}$/;

/**
 * What the code field is for each kind: its label, how it types and when it is checked. The six-digit code is
 * checked when the field is left, not at every digit (antd's onBlur trigger); a recovery code as it is typed.
 * The field is keyed by kind, so switching kinds starts a fresh, focused input.
 */
const CODE_INPUTS = {
  otp: {
    label: 'twoFactor.code',
    testId: 'two-factor-code',
    checkOnBlur: true,
    attributes: { autoComplete: 'one-time-code', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
  },
  recovery_code: {
    label: 'twoFactor.recoveryCode',
    testId: 'recovery-code',
    checkOnBlur: false,
    attributes: { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false },
  },
} as const;

type TwoFactorStepProps = {
  pending: PendingSignIn;
  onBack: (captchaRequired: boolean) => void;
  onSignedIn: () => void;
};

/** The second step of signing in: a TOTP code, or one of the recovery codes (plain React, as the sign-in page). */
export function TwoFactorStep({ pending, onBack, onSignedIn }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const form = usePlainForm({ code: '', captchaAnswer: '' });
  const [kind, setKind] = useState<CodeKind>('otp');
  const [captchaRequired, setCaptchaRequired] = useState(pending.captchaRequired);
  const captcha = useCaptcha({ enabled: captchaRequired });
  const signIn = useSignIn();

  const checkCode =
    kind === 'otp'
      ? (value: string) => (OTP_PATTERN.test(value) ? null : t('twoFactor.codeFormat'))
      : (value: string) => zodProblem(twoFactorCodeSchema.shape.Code, value, tCommon);
  const checkCaptcha = (value: string) => captchaAnswerProblem(value, tCommon);

  const switchKind = () => {
    setKind(kind === 'otp' ? 'recovery_code' : 'otp');
    form.reset('code');
    signIn.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll({ code: checkCode, ...(captchaRequired && { captchaAnswer: checkCaptcha }) }))
      return;
    const { code, captchaAnswer } = form.values;
    const challenge =
      captchaRequired && captcha.data ? { id: captcha.data.CaptchaId, answer: captchaAnswer } : undefined;
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
            form.setValue('captchaAnswer', '');
            void captcha.refetch();
          }
        },
      },
    );
  };

  const busy = signIn.isPending;
  const input = CODE_INPUTS[kind];
  const codeField = (
    <PlainField key={kind} id="code" label={t(input.label)} error={form.errors.code}>
      <PlainInput
        id="code"
        name="code"
        value={form.values.code}
        onChange={(event) => {
          signIn.reset();
          form.setValue('code', event.target.value, input.checkOnBlur ? undefined : checkCode);
        }}
        onBlur={input.checkOnBlur ? () => form.validate('code', checkCode) : undefined}
        invalid={!!form.errors.code}
        disabled={busy}
        autoFocus
        data-testid={input.testId}
        {...input.attributes}
      />
    </PlainField>
  );

  return (
    <form noValidate onSubmit={submit}>
      <p className={`${styles.secondary} ${styles.paragraph}`}>
        {kind === 'otp' ? t('twoFactor.subtitle') : t('twoFactor.recoverySubtitle')}
      </p>
      {signIn.isError && <AuthErrorAlert error={signIn.error} />}
      {codeField}
      {captchaRequired && (
        <CaptchaField
          challenge={captcha}
          value={form.values.captchaAnswer}
          onChange={(value) => {
            signIn.reset();
            form.setValue('captchaAnswer', value, checkCaptcha);
          }}
          error={form.errors.captchaAnswer}
          disabled={busy}
        />
      )}
      <PlainButton variant="primary" htmlType="submit" size="large" block loading={busy}>
        {t('twoFactor.submit')}
      </PlainButton>
      <div className={styles.row}>
        <PlainButton variant="link" disabled={busy} onClick={switchKind}>
          {kind === 'otp' ? t('twoFactor.useRecoveryCode') : t('twoFactor.useAuthenticator')}
        </PlainButton>
        <PlainButton variant="link" disabled={busy} onClick={() => onBack(captchaRequired)}>
          {t('common.backToSignIn')}
        </PlainButton>
      </div>
    </form>
  );
}
