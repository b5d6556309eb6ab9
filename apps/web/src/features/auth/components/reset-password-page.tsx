import { Button, Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useResetPasswordLink } from '../api/get-reset-password-link';
import { linkProblem } from '../api/link-problem';
import { useResendReset } from '../api/resend-reset';
import { useResetPassword } from '../api/reset-password';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { PublicNotice } from './public-notice';
import { PublicPage } from './public-page';

/** `/resetPassword/:resetCode`: checks the mailed link first, then sets the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { resetCode = '' } = useParams();
  const link = useResetPasswordLink(resetCode);
  const reset = useResetPassword();
  const resend = useResendReset();
  // The link may also expire or be used elsewhere while the form is open.
  const problem = linkProblem(reset.error) ?? linkProblem(link.error);

  const signInLink = (
    <Link className={styles.link} to="/login">
      {t('common.backToSignIn')}
    </Link>
  );

  if (problem === 'expired') {
    return (
      <PublicPage title={t('resetPassword.expiredTitle')} footer={signInLink}>
        {resend.isSuccess ? (
          <PublicNotice status="success" text={t('resetPassword.resentText')} />
        ) : (
          <>
            {resend.isError && <AuthErrorAlert error={resend.error} />}
            <PublicNotice
              status="warning"
              text={t('resetPassword.expiredText')}
              actions={
                <Button
                  type="primary"
                  loading={resend.isPending}
                  onClick={() => resend.mutate({ Token: resetCode })}
                >
                  {t('resetPassword.resend')}
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
      <PublicPage title={t('resetPassword.invalidTitle')} footer={signInLink}>
        <PublicNotice
          status="error"
          text={t('resetPassword.invalidText')}
          actions={
            <Link to="/forgot-password" className={styles.link}>
              {t('resetPassword.requestNew')}
            </Link>
          }
        />
      </PublicPage>
    );
  }

  if (reset.isSuccess) {
    return (
      <PublicPage title={t('resetPassword.doneTitle')}>
        <PublicNotice
          status="success"
          text={t('resetPassword.doneText')}
          actions={
            <Link to="/login" className={styles.link}>
              {t('common.goToSignIn')}
            </Link>
          }
        />
      </PublicPage>
    );
  }

  if (link.isPending) {
    return (
      <PublicPage title={t('resetPassword.title')}>
        <div className={styles.loading} role="status">
          <Spin />
          <span>{t('common.checking')}</span>
        </div>
      </PublicPage>
    );
  }

  if (link.isError) {
    return (
      <PublicPage title={t('resetPassword.title')} footer={signInLink}>
        <AuthErrorAlert error={link.error} />
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title={t('resetPassword.title')}
      subtitle={t('resetPassword.subtitle', { userName: link.data.UserName })}
      footer={signInLink}
    >
      <Form<NewPasswordValues>
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={({ NewPassword }) => reset.mutate({ Token: resetCode, NewPassword })}
        disabled={reset.isPending}
      >
        {reset.isError && <AuthErrorAlert error={reset.error} />}
        <Form.Item label={t('resetPassword.userName')} htmlFor="reset-user-name">
          {/* Read-only, so that password managers file the new password under the right account. */}
          <Input id="reset-user-name" value={link.data.UserName} autoComplete="username" readOnly />
        </Form.Item>
        <NewPasswordFields
          newLabel={t('resetPassword.newPassword')}
          confirmLabel={t('resetPassword.confirmPassword')}
          autoFocus
        />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </Form>
    </PublicPage>
  );
}
