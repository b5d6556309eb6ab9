import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import styles from './auth-form.module.css';

/**
 * A failed call's message above a form: a sign-in error name or an error code, translated. The public pages
 * show every failure here (their calls opt out of the global error dialog), so a server fault also gets its
 * support id. `role="alert"` makes screen readers read it at once.
 */
export function AuthErrorAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  const { t } = useTranslation();
  const supportId = error instanceof ApiError && error.status >= 500 ? error.supportId : null;
  return (
    <Alert
      className={styles.alert}
      type="error"
      role="alert"
      showIcon
      title={errorMessage(error, t)}
      description={
        (action || supportId) && (
          <>
            {supportId && (
              <Typography.Text type="secondary">
                {t('errorDialog.supportId')}: <Typography.Text copyable>{supportId}</Typography.Text>
              </Typography.Text>
            )}
            {action}
          </>
        )
      }
    />
  );
}
