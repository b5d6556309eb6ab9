import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirmEmail } from '../api/confirm-email';
import { linkProblem } from '../api/link-problem';
import { useResendConfirmation } from '../api/resend-confirmation';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { PublicNotice } from './public-notice';
import { PublicPage } from './public-page';

/** `/confirm-email/:code`: confirms as soon as it opens; an expired link offers a new one. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { code = '' } = useParams();
  const confirmation = useConfirmEmail(code);
  const resend = useResendConfirmation();

  const signInLink = (
    <Link to="/login" className={styles.link}>
      {t('common.goToSignIn')}
    </Link>
  );

  if (confirmation.isPending) {
    return (
      <PublicPage title={t('confirmEmail.title')}>
        <div className={styles.loading} role="status">
          <Spin />
          <span>{t('confirmEmail.checking')}</span>
        </div>
      </PublicPage>
    );
  }

  if (confirmation.isSuccess) {
    const already = confirmation.data.Status === 'already-confirmed';
    return (
      <PublicPage title={already ? t('confirmEmail.alreadyTitle') : t('confirmEmail.confirmedTitle')}>
        <PublicNotice
          status={already ? 'info' : 'success'}
          text={already ? t('confirmEmail.alreadyText') : t('confirmEmail.confirmedText')}
          actions={signInLink}
        />
      </PublicPage>
    );
  }

  const problem = linkProblem(confirmation.error);

  if (problem === 'expired') {
    return (
      <PublicPage title={t('confirmEmail.expiredTitle')} footer={signInLink}>
        {resend.isSuccess ? (
          <PublicNotice status="success" text={t('confirmEmail.resentText')} />
        ) : (
          <>
            {resend.isError && <AuthErrorAlert error={resend.error} />}
            <PublicNotice
              status="warning"
              text={t('confirmEmail.expiredText')}
              actions={
                <Button
                  type="primary"
                  loading={resend.isPending}
                  onClick={() => resend.mutate({ Token: code })}
                >
                  {t('confirmEmail.resend')}
                </Button>
              }
            />
          </>
        )}
      </PublicPage>
    );
  }

  if (problem === 'invalid') {
    return (
      <PublicPage title={t('confirmEmail.invalidTitle')}>
        <PublicNotice status="error" text={t('confirmEmail.invalidText')} actions={signInLink} />
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('confirmEmail.title')} footer={signInLink}>
      <AuthErrorAlert error={confirmation.error} />
    </PublicPage>
  );
}
