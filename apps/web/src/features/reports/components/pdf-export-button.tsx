import { FilePdfOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { exportElementToPdf, pdfFileName } from '../report-pdf';

const PROGRESS_KEY = 'report-pdf-export';

/**
 * Export as PDF (reports spec §2): the report page drawn into a PDF named after the title and the time of the
 * export. Disabled while the report has no widgets; progress shows while the pages are made.
 */
export function PdfExportButton({
  target,
  title,
  disabled,
}: {
  target: RefObject<HTMLElement | null>;
  title: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const exportPdf = async () => {
    const element = target.current;
    if (!element) return;
    setBusy(true);
    void message.loading({ key: PROGRESS_KEY, content: t('pdf.preparing'), duration: 0 });
    try {
      await exportElementToPdf({
        element,
        fileName: pdfFileName(title, new Date()),
        onPage: (page, pages) =>
          void message.loading({
            key: PROGRESS_KEY,
            content: t('pdf.progress', { page, pages }),
            duration: 0,
          }),
      });
      void message.success({ key: PROGRESS_KEY, content: t('pdf.done') });
    } catch {
      void message.error({ key: PROGRESS_KEY, content: t('pdf.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={disabled ? t('pdf.noWidgets') : undefined}>
      <Button
        icon={<FilePdfOutlined aria-hidden="true" />}
        loading={busy}
        disabled={disabled}
        onClick={() => void exportPdf()}
      >
        {t('pdf.export')}
      </Button>
    </Tooltip>
  );
}
