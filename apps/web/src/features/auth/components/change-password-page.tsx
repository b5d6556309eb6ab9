import { changeExpiredPasswordSchema, ErrorCode, type ChangeExpiredPassword } from '@loupe/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useChangeExpiredPassword } from '../api/change-expired-password';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { PublicNotice } from './public-notice';
import { PublicPage } from './public-page';

type ChangePasswordValues = ChangeExpiredPassword & NewPasswordValues;

/**
 * The sign-in page passes `{ userName, expired: true }` in the navigation state after `expired_password`; opened
 * any other way (a typed address, a bookmark) the page does not know that the password has expired.
 */
function cameExpired(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'expired' in state && state.expired === true;
}

function userNameFrom(state: unknown): string {
  if (
    typeof state === 'object' &&
    state !== null &&
    'userName' in state &&
    typeof state.userName === 'string'
  ) {
    return state.userName;
  }
  return '';
}

/** The form field a server refusal belongs to, so the message shows under it. */
const FIELD_OF_CODE: Partial<Record<number, keyof ChangePasswordValues>> = {
  [ErrorCode.CurrentPasswordWrong]: 'CurrentPassword',
  [ErrorCode.NewPasswordSameAsCurrent]: 'NewPassword',
};

/** `/change-password`: replaces an expired password, reached from the sign-in page. */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const location = useLocation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangeExpiredPassword();
  const userName = userNameFrom(location.state);
  // Back to the sign-in page with the same `redirect`, so the user still lands where they were going.
  const signInPath = `/login${location.search}`;

  if (change.isSuccess) {
    return (
      <PublicPage title={t('changePassword.doneTitle')}>
        <PublicNotice
          status="success"
          text={t('changePassword.doneText')}
          actions={
            <Link to={signInPath} className={styles.link}>
              {t('common.goToSignIn')}
            </Link>
          }
        />
      </PublicPage>
    );
  }

  const submit = ({ UserName, CurrentPassword, NewPassword }: ChangePasswordValues) =>
    change.mutate(
      { UserName, CurrentPassword, NewPassword },
      {
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );

  const fieldError = change.error instanceof ApiError && FIELD_OF_CODE[change.error.code] !== undefined;

  return (
    <PublicPage
      title={t('changePassword.title')}
      subtitle={
        cameExpired(location.state) ? t('changePassword.subtitle') : t('changePassword.subtitleDirect')
      }
      footer={
        <Link className={styles.link} to={signInPath}>
          {t('common.backToSignIn')}
        </Link>
      }
    >
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ UserName: userName }}
        onFinish={submit}
        disabled={change.isPending}
      >
        {change.isError && !fieldError && <AuthErrorAlert error={change.error} />}
        <Form.Item
          name="UserName"
          label={t('changePassword.userName')}
          rules={[zodRule(changeExpiredPasswordSchema.shape.UserName, tCommon)]}
        >
          <Input autoComplete="username" autoFocus={!userName} readOnly={!!userName} />
        </Form.Item>
        <Form.Item
          name="CurrentPassword"
          label={t('changePassword.currentPassword')}
          rules={[zodRule(changeExpiredPasswordSchema.shape.CurrentPassword, tCommon)]}
        >
          <Input.Password autoComplete="current-password" autoFocus={!!userName} />
        </Form.Item>
        <NewPasswordFields
          newLabel={t('changePassword.newPassword')}
          confirmLabel={t('changePassword.confirmPassword')}
          currentPasswordField="CurrentPassword"
        />
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          {t('changePassword.submit')}
        </Button>
      </Form>
    </PublicPage>
  );
}
