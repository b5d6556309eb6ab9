import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainErrorAlert } from '@/components/plain/plain-alert';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import styles from './auth-form.module.css';

/** The support id with a button that copies it, as antd's copyable text. */
function SupportId({ id }: { id: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className={styles.secondary}>
      {t('errorDialog.supportId')}: <span className={styles.supportId}>{id}</span>
      <PlainButton
        variant="link"
        size="small"
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        aria-label={t('common.copy')}
        title={t('common.copy')}
        onClick={() => void navigator.clipboard.writeText(id).then(() => setCopied(true))}
      />
    </span>
  );
}

/**
 * A failed call's message above a form: a sign-in error name or an error code, translated. The public pages
 * show every failure here (their calls opt out of the global error dialog), so a server fault also gets its
 * support id. Plain React (components/plain): the sign-in page shows it and loads no antd.
 */
export function AuthErrorAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  const { t } = useTranslation();
  const supportId = error instanceof ApiError && error.status >= 500 ? error.supportId : null;
  return (
    <PlainErrorAlert
      className={styles.alert}
      message={errorMessage(error, t)}
      description={
        (action || supportId) && (
          <>
            {supportId && <SupportId id={supportId} />}
            {action}
          </>
        )
      }
    />
  );
}
