import { useTranslation } from 'react-i18next';
import { PlainButton } from '@/components/plain/plain-button';
import { errorMessage } from '@/lib/error-message';
import { useSendConfirmation } from '../api/send-confirmation';
import styles from './auth-form.module.css';

/** Under `invalid_grant_email_confirm`: mails the user a new confirmation link (plain React: the sign-in page's). */
export function EmailConfirmationResend({ login }: { login: string }) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const send = useSendConfirmation();

  if (send.isSuccess) {
    return (
      <span className={styles.status} role="status">
        {t('emailConfirmation.sent')}
      </span>
    );
  }
  return (
    <>
      <PlainButton size="small" loading={send.isPending} onClick={() => send.mutate({ Login: login })}>
        {t('emailConfirmation.resend')}
      </PlainButton>
      {send.isError && (
        <p className={styles.danger} role="alert">
          {errorMessage(send.error, tCommon)}
        </p>
      )}
    </>
  );
}
