import { ReloadOutlined } from '@ant-design/icons';
import { passwordGrantSchema, type Captcha } from '@loupe/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainField, PlainInput } from '@/components/plain/plain-field';
import { zodProblem } from '@/lib/form-rules';
import styles from './auth-form.module.css';

const ANSWER_FIELD = 'captchaAnswer';
const answerSchema = passwordGrantSchema.shape.captcha_answer.unwrap().min(1);

/** The check of the captcha answer, worded in the common namespace's `t`. */
export function captchaAnswerProblem(value: string, t: TFunction): string | null {
  return zodProblem(answerSchema, value, t);
}

type CaptchaFieldProps = {
  challenge: UseQueryResult<Captcha>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
};

/** The captcha image with a refresh button, and the field for its characters (plain React: the sign-in page's). */
export function CaptchaField({ challenge, value, onChange, error, disabled }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <PlainField id={ANSWER_FIELD} label={t('captcha.label')} extra={t('captcha.hint')} error={error}>
      <div className={styles.captcha}>
        {challenge.data ? (
          <img
            className={styles.captchaImage}
            src={challenge.data.Image}
            alt={t('captcha.imageAlt')}
            data-testid="captcha-image"
            data-captcha-id={challenge.data.CaptchaId}
          />
        ) : (
          <span className={`${styles.captchaImage} ${styles.skeleton}`} />
        )}
        <PlainButton
          size="large"
          icon={<ReloadOutlined />}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
          loading={challenge.isFetching}
          disabled={disabled}
          onClick={() => void challenge.refetch()}
        />
      </div>
      {challenge.isError && (
        <span className={styles.danger} role="alert">
          {t('captcha.loadError')}
        </span>
      )}
      <PlainInput
        id={ANSWER_FIELD}
        name={ANSWER_FIELD}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        invalid={!!error}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
      />
    </PlainField>
  );
}
