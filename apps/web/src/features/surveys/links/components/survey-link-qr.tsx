import { DownloadOutlined } from '@ant-design/icons';
import type { SurveyLink } from '@loupe/contracts';
import { App, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadPng, downloadSvg, qrFileName } from '../qr-code-files';
import styles from './survey-links.module.css';

/** A link's QR code: a thumbnail that opens it at print size, with SVG and PNG downloads. */
export function SurveyLinkQr({ link }: { link: SurveyLink }) {
  const { t } = useTranslation('surveyLinks');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const name = (extension: 'svg' | 'png') => qrFileName(link.SurveyId, link.Id, extension);

  return (
    <>
      <button
        type="button"
        className={styles.thumbnail}
        aria-label={t('showQr', { name: link.Name })}
        onClick={() => setOpen(true)}
      >
        <img src={link.QrCode} alt="" width={48} height={48} />
      </button>
      {open && (
        <Modal open title={t('qrOf', { name: link.Name })} onCancel={() => setOpen(false)} footer={null}>
          <div className={styles.qrLarge}>
            <img src={link.QrCode} alt={t('qrOf', { name: link.Name })} width={240} height={240} />
            <Typography.Text code dir="ltr" copyable={false}>
              {link.Url}
            </Typography.Text>
            <Space wrap>
              <Button icon={<DownloadOutlined />} onClick={() => downloadSvg(link.QrCode, name('svg'))}>
                {t('downloadSvg')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void downloadPng(link.QrCode, name('png')).catch(() => message.error(t('pngFailed')))
                }
              >
                {t('downloadPng')}
              </Button>
            </Space>
          </div>
        </Modal>
      )}
    </>
  );
}
