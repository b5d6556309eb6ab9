import { PlayCircleOutlined } from '@ant-design/icons';
import type { ReviewRunResult, ReviewSource } from '@loupe/contracts';
import { Alert, Button, Descriptions, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useRunReviewSource } from '../api/review-sources';

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** The last run's status as a tag, its error in a tooltip; "never" before the first run. */
export function LastRunTag({
  source,
}: {
  source: Pick<ReviewSource, 'LastStatus' | 'LastError' | 'LastRunAt'>;
}) {
  const { t } = useTranslation('integrations');
  if (source.LastStatus === null) return <Tag>{t('reviews.status.never')}</Tag>;
  const tag = (
    <Tag color={source.LastStatus === 'ok' ? 'green' : 'red'}>{t(`reviews.status.${source.LastStatus}`)}</Tag>
  );
  return source.LastError ? <Tooltip title={source.LastError}>{tag}</Tooltip> : tag;
}

/** When the source last ran, or a dash. */
export const lastRunText = (source: Pick<ReviewSource, 'LastRunAt'>) =>
  source.LastRunAt === null ? '—' : dayjs(source.LastRunAt).format(DATE_TIME_FORMAT);

/** "Run now" of a list row: a small button; the outcome shows as a message. */
export function RunNowButton({ source, compact = false }: { source: ReviewSource; compact?: boolean }) {
  const { t } = useTranslation('integrations');
  const run = useRunReviewSource();
  const label = t('reviews.run.label', { name: source.Name });
  return (
    <Button
      type={compact ? 'text' : 'default'}
      icon={<PlayCircleOutlined />}
      loading={run.isPending}
      aria-label={label}
      title={compact ? label : undefined}
      onClick={() => run.mutate(source.Id)}
    >
      {compact ? null : t('reviews.run.button')}
    </Button>
  );
}

/** The record's last run and "Run now", whose progress and outcome are announced (role="status"). */
export function ReviewRunPanel({ source, canManage }: { source: ReviewSource; canManage: boolean }) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation();
  const run = useRunReviewSource();
  const [result, setResult] = useState<ReviewRunResult | undefined>();
  const start = () => {
    setResult(undefined);
    run.mutate(source.Id, { onSuccess: setResult });
  };
  return (
    <section aria-labelledby="review-last-run">
      <h2 id="review-last-run" className="ant-typography">
        {t('reviews.lastRun')}
      </h2>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('reviews.fields.lastRunAt')}>{lastRunText(source)}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.fields.lastStatus')}>
          <LastRunTag source={source} />
        </Descriptions.Item>
        {source.LastError && (
          <Descriptions.Item label={t('reviews.fields.lastError')}>{source.LastError}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('reviews.fields.importedCount')}>
          {source.ImportedCount}
        </Descriptions.Item>
      </Descriptions>
      {canManage && (
        <p>
          <Button icon={<PlayCircleOutlined />} loading={run.isPending} onClick={start}>
            {t('reviews.run.button')}
          </Button>
        </p>
      )}
      <div role="status" aria-live="polite">
        {run.isPending && t('reviews.run.running')}
        {run.isError && <Alert type="error" showIcon title={errorMessage(run.error, tCommon)} />}
        {result && (
          <Alert
            type={result.Status === 'ok' ? 'success' : 'error'}
            showIcon
            title={
              result.Status === 'ok'
                ? t('reviews.run.done', {
                    imported: result.Imported,
                    fetched: result.Fetched,
                    rejected: result.Rejected,
                  })
                : t('reviews.run.failed')
            }
            description={result.Error ?? undefined}
          />
        )}
      </div>
    </section>
  );
}
