import type { Bootstrap } from '@loupe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bootstrapQueryKey, supportContactOf } from '../lib/bootstrap';
import type { ReportedError } from '../lib/error-bus';
import styles from './error-dialog.module.css';
import { useOpenFocus } from '@/lib/use-open-focus';

/**
 * The global error dialog (shell spec §8): the code, the translated `errorCodes.{Code}` text or the server's
 * message, the support contact and the support id; a close button only. Loaded on the first failure by
 * ErrorDialogHost.
 */
export function ErrorDialog({ error, onClose }: { error: ReportedError | null; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useOpenFocus<HTMLButtonElement>(error !== null);
  const queryClient = useQueryClient();
  const bootstrap = queryClient.getQueryData<Bootstrap>(bootstrapQueryKey);
  const support = (bootstrap && supportContactOf(bootstrap)) ?? t('errorDialog.supportContactDefault');

  return (
    <Modal
      open={error !== null}
      title={t('errorDialog.title')}
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} ref={closeRef}>
          {t('common.close')}
        </Button>
      }
    >
      {error && (
        <dl className={styles.details}>
          <dt>{t('errorDialog.code')}</dt>
          <dd>{error.code}</dd>
          <dt>{t('errorDialog.message')}</dt>
          <dd>
            {t(`errorCodes.${error.code}` as 'errorCodes.500', {
              defaultValue: error.message || t('errorCodes.500'),
            })}
          </dd>
          <dt>{t('errorDialog.supportContact')}</dt>
          <dd>{support}</dd>
          {error.supportId && (
            <>
              <dt>{t('errorDialog.supportId')}</dt>
              <dd>
                <Typography.Text copyable code>
                  {error.supportId}
                </Typography.Text>
              </dd>
            </>
          )}
        </dl>
      )}
    </Modal>
  );
}
