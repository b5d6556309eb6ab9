import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useSendConfirmation } from '../api/send-confirmation';

/** Under `invalid_grant_email_confirm`: mails the user a new confirmation link. */
export function EmailConfirmationResend({ login }: { login: string }) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const send = useSendConfirmation();

  if (send.isSuccess) return <Typography.Text role="status">{t('emailConfirmation.sent')}</Typography.Text>;
  return (
    <>
      <Button size="small" loading={send.isPending} onClick={() => send.mutate({ Login: login })}>
        {t('emailConfirmation.resend')}
      </Button>
      {send.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {errorMessage(send.error, tCommon)}
        </Typography.Paragraph>
      )}
    </>
  );
}
