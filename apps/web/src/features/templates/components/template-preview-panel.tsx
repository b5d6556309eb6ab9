import { InteractionChannel, type TemplateKind } from '@loupe/contracts';
import { Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useTemplatePreview } from '../api/preview-template';
import styles from './templates.module.css';

// The frame's own page: the console's type, so the preview reads like the e-mail rather than like a browser default.
const frameDocument = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:14px;line-height:1.5;margin:8px;color:#1f1f1f}</style></head><body>${body}</body></html>`;

type Props = { kind: TemplateKind; channel: number; subject: string | null; body: string };

/**
 * The live preview: the subject and body filled by the server for a sample invitee, asked again when typing
 * pauses. An e-mail body is HTML: it shows in a sandboxed frame (no scripts, no forms), so a template's markup
 * cannot act on the console.
 */
export function TemplatePreviewPanel({ kind, channel, subject, body }: Props) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const preview = useTemplatePreview(kind, { Channel: channel, Subject: subject, Body: body });
  const html = channel === InteractionChannel.Email;
  const empty = body.trim() === '';

  return (
    <Card
      title={t('preview.title')}
      className={styles.preview}
      extra={preview.isFetching && <Spin size="small" />}
      aria-busy={preview.isFetching}
    >
      <div aria-live="polite" data-testid="template-preview">
        {empty && <Typography.Text type="secondary">{t('preview.empty')}</Typography.Text>}
        {!empty && preview.isError && (
          <Typography.Text type="danger">
            {t('preview.failed', { message: errorMessage(preview.error, tCommon) })}
          </Typography.Text>
        )}
        {!empty && preview.data && (
          <>
            <Typography.Paragraph type="secondary">{t('preview.sample')}</Typography.Paragraph>
            {preview.data.Subject !== null && (
              <Typography.Paragraph>
                <Typography.Text strong>{t('preview.subject')}: </Typography.Text>
                <span data-testid="template-preview-subject">{preview.data.Subject}</span>
              </Typography.Paragraph>
            )}
            {html ? (
              <iframe
                className={styles.previewFrame}
                title={t('preview.frameTitle')}
                sandbox=""
                srcDoc={frameDocument(preview.data.Body)}
                data-testid="template-preview-body"
              />
            ) : (
              <pre className={styles.previewText} data-testid="template-preview-body">
                {preview.data.Body}
              </pre>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
