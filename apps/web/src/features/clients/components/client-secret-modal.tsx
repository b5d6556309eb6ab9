import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormNote } from '@/components/admin-page/record-form';
import styles from './clients.module.css';

type Props = {
  /** The client and its new secret; the modal is open while this is set. */
  shown: { id: string; secret: string } | null;
  onClose: () => void;
};

/**
 * Shows a confidential client's new secret, the only time it is shown: the server keeps only its hash. A copy
 * button and a warning; it closes only by the user's choice (no click outside, no Escape).
 */
export function ClientSecretModal({ shown, onClose }: Props) {
  const { t } = useTranslation('clients');
  const { message } = App.useApp();
  const fieldId = useId();

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      void message.success(t('secret.copied'));
    } catch {
      void message.error(t('secret.copyFailed'));
    }
  };

  return (
    <Modal
      open={shown !== null}
      title={t('secret.title', { id: shown?.id ?? '' })}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('secret.done')}
        </Button>
      }
    >
      <FormNote type="warning" title={t('secret.warning')} />
      <Typography.Paragraph>
        <label htmlFor={fieldId}>{t('fields.secret')}</label>
      </Typography.Paragraph>
      <div className={styles.secretRow}>
        <Input id={fieldId} className={styles.secretValue} readOnly value={shown?.secret ?? ''} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('secret.copy')}
        </Button>
      </div>
    </Modal>
  );
}
