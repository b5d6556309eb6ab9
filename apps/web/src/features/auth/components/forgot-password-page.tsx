import { UserOutlined } from '@ant-design/icons';
import { accountLoginSchema, type AccountLogin } from '@loupe/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodRule } from '@/lib/form-rules';
import { useForgotPassword } from '../api/forgot-password';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './auth-form.module.css';
import { PublicNotice } from './public-notice';
import { PublicPage } from './public-page';

/** `/forgot-password`: asks for a reset link; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const forgotPassword = useForgotPassword();

  const backToSignIn = (
    <Link className={styles.link} to="/login">
      {t('common.backToSignIn')}
    </Link>
  );

  if (forgotPassword.isSuccess) {
    return (
      <PublicPage title={t('forgotPassword.sentTitle')} footer={backToSignIn}>
        <PublicNotice status="success" text={t('forgotPassword.sentText')} />
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      footer={backToSignIn}
    >
      <Form<AccountLogin>
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => forgotPassword.mutate(values)}
        onValuesChange={() => forgotPassword.reset()}
        disabled={forgotPassword.isPending}
      >
        {forgotPassword.isError && <AuthErrorAlert error={forgotPassword.error} />}
        <Form.Item
          name="Login"
          label={t('forgotPassword.login')}
          rules={[zodRule(accountLoginSchema.shape.Login, tCommon)]}
        >
          <Input prefix={<UserOutlined aria-hidden="true" />} autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forgotPassword.isPending}>
          {t('forgotPassword.submit')}
        </Button>
      </Form>
    </PublicPage>
  );
}
