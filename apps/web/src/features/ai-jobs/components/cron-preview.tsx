import { nextCronRuns } from '@loupe/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './ai-format';

/** How many of the cron's next times the preview lists. */
const PREVIEW_RUNS = 3;

/**
 * A cron in words: every minute, every N minutes, hourly at a minute, daily at a time, else the next times alone.
 * Returns undefined for a pattern it has no words for.
 */
type CronWords = 'everyMinute' | 'everyMinutes' | 'hourly' | 'daily';

function describeCron(cron: string): { key: CronWords; values: Record<string, string | number> } | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [minute, hour, day, month, weekday] = fields;
  const rest = day === '*' && month === '*' && weekday === '*';
  if (!rest) return undefined;
  if (minute === '*' && hour === '*') return { key: 'everyMinute', values: {} };
  const step = /^\*\/(\d+)$/.exec(minute ?? '');
  if (step && hour === '*') return { key: 'everyMinutes', values: { count: Number(step[1]) } };
  if (/^\d+$/.test(minute ?? '') && hour === '*')
    return { key: 'hourly', values: { minute: Number(minute) } };
  if (/^\d+$/.test(minute ?? '') && /^\d+$/.test(hour ?? ''))
    return {
      key: 'daily',
      values: { time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` },
    };
  return undefined;
}

/** Under the cron field: the pattern in words (when it has some) and its next times in the browser's time zone. */
export function CronPreview({ cron, recurrent }: { cron: string; recurrent: boolean }) {
  const { t } = useTranslation('aiJobs');
  const runs = nextCronRuns(cron, recurrent ? PREVIEW_RUNS : 1);
  if (runs.length === 0) return <Typography.Text type="secondary">{t('cron.noRuns')}</Typography.Text>;
  const words = describeCron(cron);
  return (
    <div aria-live="polite">
      {words && <Typography.Text>{t(`cron.${words.key}`, words.values)}</Typography.Text>}
      <div>
        <Typography.Text type="secondary">
          {t(recurrent ? 'cron.nextRuns' : 'cron.onlyRun', {
            times: runs.map((run) => formatDateTime(run.toISOString())).join(', '),
          })}
        </Typography.Text>
      </div>
    </div>
  );
}
