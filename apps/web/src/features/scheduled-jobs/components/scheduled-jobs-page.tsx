import { PlayCircleOutlined } from '@ant-design/icons';
import { hasAnyScope, scheduledJobRowSchema, type JobState, type ScheduledJobRow } from '@loupe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
import { DataGrid, gridQueryKey, type DataGridColumn } from '@/components/data-grid/data-grid';
import { useBootstrap } from '@/lib/bootstrap';
import { REFRESH_MS, SCHEDULED_JOBS_ENDPOINT, useRunJob } from '../api/scheduled-jobs-api';
import { formatDateTime, hourlyMinute, isKnownJob, relativeTime } from '../job-format';
import { JobServersPanel } from './job-servers-panel';
import styles from './scheduled-jobs.module.css';

const STATE_COLOURS: Record<JobState, string> = {
  idle: 'default',
  queued: 'blue',
  running: 'processing',
  failed: 'error',
};

/** The job's name in the user's language when the console knows it, else as the server has it. */
function useJobName() {
  const { t } = useTranslation('scheduledJobs');
  return (name: string) => (isKnownJob(name) ? t(`names.${name}`) : name);
}

/** The time now, moved on every REFRESH_MS: the relative times stay true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A moment as "in 23 minutes" over its date and time in the user's time zone. */
function When({ iso, now, failed }: { iso: string | null; now: number; failed?: boolean }) {
  const { t, i18n } = useTranslation('scheduledJobs');
  if (!iso) return <Typography.Text type="secondary">{t('never')}</Typography.Text>;
  return (
    <span className={styles.when}>
      <span>
        {relativeTime(iso, now, i18n.language)}
        {failed ? <Typography.Text type="danger"> ({t('lastRunFailed')})</Typography.Text> : null}
      </span>
      <Typography.Text type="secondary" className={styles.absolute}>
        <time dateTime={iso}>{formatDateTime(iso)}</time>
      </Typography.Text>
    </span>
  );
}

function RunNowButton({ row }: { row: ScheduledJobRow }) {
  const { t } = useTranslation('scheduledJobs');
  const name = useJobName()(row.Name);
  return (
    <ConfirmActionButton
      variables={row.Name}
      mutation={useRunJob()}
      icon={<PlayCircleOutlined aria-hidden="true" />}
      compact
      texts={{
        label: t('run.label', { name }),
        button: t('run.button'),
        confirmTitle: t('run.confirmTitle', { name }),
        confirmDescription: t('run.confirmDescription'),
        done: t('run.done', { name }),
        refused: t('run.refused', { name }),
      }}
    />
  );
}

/**
 * `/scheduled-jobs`: every schedule and queue with its last and next run and state (read again every few seconds
 * while open), run-now for job:manage holders, and the worker nodes.
 */
export function ScheduledJobsPage() {
  const { t } = useTranslation('scheduledJobs');
  const jobName = useJobName();
  const canRun = hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['job:manage']);
  const now = useNow();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: gridQueryKey(SCHEDULED_JOBS_ENDPOINT) });
  }, [now, queryClient]);

  const count = (value: unknown) => (typeof value === 'number' ? value.toLocaleString() : '');
  const columns: DataGridColumn<ScheduledJobRow>[] = [
    {
      key: 'Name',
      title: t('fields.name'),
      width: 190,
      render: (_value, row) => (
        <span className={styles.when}>
          <span>{jobName(row.Name)}</span>
          <Typography.Text type="secondary" code className={styles.absolute}>
            <span dir="ltr">{row.Name}</span>
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'Cron',
      title: t('fields.cron'),
      width: 160,
      render: (_value, row) => {
        if (row.Cron === null)
          return <Typography.Text type="secondary">{t('cron.onDemand')}</Typography.Text>;
        const minute = hourlyMinute(row.Cron);
        return (
          <span className={styles.when}>
            {minute === undefined ? null : <span>{t('cron.hourly', { minute })}</span>}
            <Typography.Text code className={styles.absolute}>
              <span dir="ltr">{row.Cron}</span>
            </Typography.Text>
          </span>
        );
      },
    },
    {
      key: 'NextRun',
      title: t('fields.nextRun'),
      width: 140,
      render: (_value, row) => (row.NextRun ? <When iso={row.NextRun} now={now} /> : null),
    },
    {
      key: 'LastRun',
      title: t('fields.lastRun'),
      width: 140,
      render: (_value, row) => <When iso={row.LastRun} now={now} failed={row.LastRunFailed} />,
    },
    {
      key: 'State',
      title: t('fields.state'),
      width: 100,
      render: (_value, row) => <Tag color={STATE_COLOURS[row.State]}>{t(`states.${row.State}`)}</Tag>,
    },
    { key: 'Failures24h', title: t('fields.failures'), width: 100, render: count },
    { key: 'QueuedCount', title: t('fields.queued'), width: 100, render: count, defaultHidden: true },
    { key: 'RunningCount', title: t('fields.running'), width: 100, render: count, defaultHidden: true },
  ];

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<ScheduledJobRow>
        endpoint={SCHEDULED_JOBS_ENDPOINT}
        item={scheduledJobRowSchema}
        rowKey="Name"
        columns={columns}
        searchField="Name"
        defaultOrder="Name asc"
        // Every queue on one page: a dozen rows, read at a glance.
        initialPageSize={25}
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        rowActions={canRun ? (row) => (row.IsSchedule ? <RunNowButton row={row} /> : null) : undefined}
      />
      <JobServersPanel />
    </AdminPage>
  );
}
