import {
  PauseCircleOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { aiScheduledJobSchema, type AiScheduledJob } from '@loupe/contracts';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { AI_JOBS_ENDPOINT, useAiJobCommand, type AiJobCommand } from '../api/ai-jobs';
import { formatDateTime, ltr } from './ai-format';

export const AI_JOBS_PATH = '/ai-scheduled-jobs';

const STATUS_COLORS: Record<AiScheduledJob['Status'], string> = {
  Active: 'green',
  Running: 'blue',
  Paused: 'orange',
  Completed: 'default',
};

/** A job's status as a coloured tag. */
export function JobStatusTag({ status }: { status: AiScheduledJob['Status'] }) {
  const { t } = useTranslation('aiJobs');
  return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

const COMMAND_ICONS: Record<AiJobCommand, React.ReactNode> = {
  run: <ThunderboltOutlined />,
  pause: <PauseCircleOutlined />,
  resume: <PlayCircleOutlined />,
};

/** run / pause / resume, each after a confirmation (surveys spec §4). */
export function JobCommandButton({
  job,
  command,
  compact = false,
}: {
  job: Pick<AiScheduledJob, 'Id' | 'Name'>;
  command: AiJobCommand;
  compact?: boolean;
}) {
  const { t } = useTranslation('aiJobs');
  return (
    <ConfirmActionButton
      variables={job.Id}
      mutation={useAiJobCommand(command)}
      icon={COMMAND_ICONS[command]}
      compact={compact}
      texts={{
        label: t(`commands.${command}.label`, { name: job.Name }),
        button: t(`commands.${command}.button`),
        confirmTitle: t(`commands.${command}.confirm`, { name: job.Name }),
        confirmDescription: t(`commands.${command}.description`),
        done: t(`commands.${command}.done`, { name: job.Name }),
        refused: t(`commands.${command}.refused`),
      }}
    />
  );
}

/** The commands a job's status allows: run unless running, pause an Active job, resume a Paused one. */
export function JobCommands({ job, compact = false }: { job: AiScheduledJob; compact?: boolean }) {
  return (
    <Space size={compact ? 0 : 'small'} wrap>
      {job.Status !== 'Running' && <JobCommandButton job={job} command="run" compact={compact} />}
      {job.Status === 'Active' && <JobCommandButton job={job} command="pause" compact={compact} />}
      {job.Status === 'Paused' && <JobCommandButton job={job} command="resume" compact={compact} />}
    </Space>
  );
}

/** `/ai-scheduled-jobs`: the tenant's text-analytics jobs with created, last and next run; a row opens the job. */
export function AiJobsPage() {
  const { t } = useTranslation('aiJobs');
  const navigate = useNavigate();
  const columns: DataGridColumn<AiScheduledJob>[] = [
    { key: 'Name', title: t('fields.name'), width: 220 },
    {
      key: 'Type',
      title: t('fields.type'),
      width: 120,
      render: (value) => t(`types.${value as AiScheduledJob['Type']}`),
    },
    {
      key: 'Status',
      title: t('fields.status'),
      width: 120,
      render: (value) => <JobStatusTag status={value as AiScheduledJob['Status']} />,
    },
    { key: 'CronText', title: t('fields.cronText'), width: 140, render: ltr },
    { key: 'CreatedDate', title: t('fields.createdDate'), width: 160, render: formatDateTime },
    { key: 'LastRunDate', title: t('fields.lastRunDate'), width: 160, render: formatDateTime },
    { key: 'NextRunDate', title: t('fields.nextRunDate'), width: 160, render: formatDateTime },
    {
      key: 'IsRecurrent',
      title: t('fields.isRecurrent'),
      width: 110,
      render: (value) => (value ? t('yes') : t('no')),
    },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<AiScheduledJob>
        endpoint={AI_JOBS_ENDPOINT}
        item={aiScheduledJobSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="CreatedDate desc"
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        toolbar={<NewRecordButton path={AI_JOBS_PATH} label={t('new')} />}
        onRowClick={(row) => void navigate(`${AI_JOBS_PATH}/${row.Id}`)}
        rowActions={(row) => (
          <Space size={0}>
            <JobCommands job={row} compact />
            <Button
              type="text"
              icon={<ProfileOutlined />}
              aria-label={t('logs.open', { name: row.Name })}
              title={t('logs.open', { name: row.Name })}
              onClick={(event) => {
                event.stopPropagation();
                void navigate(`${AI_JOBS_PATH}/${row.Id}/logs`);
              }}
            />
          </Space>
        )}
      />
    </AdminPage>
  );
}
