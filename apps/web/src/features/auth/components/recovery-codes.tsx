import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './recovery-codes.module.css';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** The ten single-use recovery codes, shown once, with copy and download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    void message.success(t('twoFactorSetup.copied'));
  };

  return (
    <>
      <ul className={styles.codes} aria-label={t('twoFactorSetup.codesLabel')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('twoFactorSetup.copy')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => download(t('twoFactorSetup.downloadFileName'), text)}
        >
          {t('twoFactorSetup.download')}
        </Button>
      </div>
    </>
  );
}
