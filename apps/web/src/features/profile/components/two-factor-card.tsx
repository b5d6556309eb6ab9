import { CopyOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Skeleton,
  Tag,
  Typography,
  type InputRef,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormNote } from '@/components/admin-page/record-form';
import { errorMessage } from '@/lib/error-message';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import styles from './profile-page.module.css';
import { useOpenFocus } from '@/lib/use-open-focus';

type CodeAction = 'disable' | 'regenerate';

/** Two-step verification on the profile: status, set up (on its own page), turn off, new recovery codes. */
export function TwoFactorCard() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const status = useTwoFactorStatus();
  const [action, setAction] = useState<CodeAction | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Card title={t('twoFactor.title')}>
      <Typography.Paragraph type="secondary">{t('twoFactor.description')}</Typography.Paragraph>
      {status.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {status.isError && <Alert type="warning" showIcon title={t('twoFactor.loadError')} />}
      {status.data && (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('twoFactor.status')}>
              {status.data.Enabled ? (
                <Tag color="green">{t('twoFactor.on')}</Tag>
              ) : (
                <Tag>{t('twoFactor.off')}</Tag>
              )}
            </Descriptions.Item>
            {status.data.Enabled && (
              <Descriptions.Item label={t('twoFactor.recoveryCodesLeft')}>
                {status.data.RecoveryCodesLeft}
              </Descriptions.Item>
            )}
          </Descriptions>
          <div className={styles.actions}>
            {status.data.Enabled ? (
              <>
                <Button onClick={() => setAction('regenerate')}>{t('twoFactor.regenerate')}</Button>
                <Button danger onClick={() => setAction('disable')}>
                  {t('twoFactor.disable')}
                </Button>
              </>
            ) : (
              <Button type="primary" onClick={() => void navigate('/two-factor-authenticate')}>
                {t('twoFactor.enable')}
              </Button>
            )}
          </div>
        </>
      )}
      {action && (
        <CodeDialog
          action={action}
          onClose={() => setAction(null)}
          onCodes={(recoveryCodes) => {
            setAction(null);
            setCodes(recoveryCodes);
          }}
        />
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}

/** Asks for a code from the authenticator app (or a recovery code) before turning off or regenerating. */
function CodeDialog({
  action,
  onClose,
  onCodes,
}: {
  action: CodeAction;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const mutation = action === 'disable' ? disable : regenerate;
  const [form] = Form.useForm<{ code: string }>();
  const codeRef = useOpenFocus<InputRef>();

  const submit = ({ code }: { code: string }) => {
    if (action === 'disable') {
      disable.mutate(
        { Code: code.trim() },
        {
          onSuccess: () => {
            void message.success(t('twoFactor.disabledDone'));
            onClose();
          },
        },
      );
    } else {
      regenerate.mutate({ Code: code.trim() }, { onSuccess: ({ RecoveryCodes }) => onCodes(RecoveryCodes) });
    }
  };

  return (
    <Modal
      open
      title={action === 'disable' ? t('twoFactor.disableTitle') : t('twoFactor.regenerateTitle')}
      okText={t('twoFactor.confirm')}
      okButtonProps={{ danger: action === 'disable', loading: mutation.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {action === 'disable' ? t('twoFactor.disableText') : t('twoFactor.regenerateText')}
      </Typography.Paragraph>
      {mutation.isError && <FormNote type="error" title={errorMessage(mutation.error, tCommon)} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => mutation.reset()}
      >
        <Form.Item
          name="code"
          label={t('twoFactor.code')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input autoComplete="one-time-code" inputMode="text" ref={codeRef} maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The new recovery codes, shown this once. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const copy = () =>
    void navigator.clipboard
      .writeText((codes ?? []).join('\n'))
      .then(() => message.success(t('common.copied')));

  return (
    <Modal
      open={codes !== null}
      title={t('twoFactor.codesTitle')}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={copy}>
          {t('twoFactor.copyAll')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('twoFactor.done')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('twoFactor.codesText')}</Typography.Paragraph>
      <ul className={styles.codes}>
        {(codes ?? []).map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </Modal>
  );
}
