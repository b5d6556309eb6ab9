import {
  aiExperimentLogSchema,
  aiJobRunSchema,
  aiScoringLogSchema,
  type AiExperimentLog,
  type AiJobRun,
  type AiScoringLog,
} from '@loupe/contracts';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { jobLogsEndpoint, runLogsEndpoint, useAiJob } from '../api/ai-jobs';
import { formatDateTime } from './ai-format';
import { AI_JOBS_PATH } from './ai-jobs-page';

const RUN_COLORS: Record<AiJobRun['Status'], string> = { Running: 'blue', Succeeded: 'green', Failed: 'red' };

/** The route's job id and run id (NaN when absent). */
function useRouteIds() {
  const params = useParams();
  return { id: Number(params.id), logId: Number(params.logId) };
}

/** `/ai-scheduled-jobs/{id}/logs`: the job's runs, newest first; a run opens its scoring or experiment logs. */
export function AiJobLogsPage() {
  const { t } = useTranslation('aiJobs');
  const navigate = useNavigate();
  const { id } = useRouteIds();
  const job = useAiJob(Number.isInteger(id) ? id : undefined);
  const columns: DataGridColumn<AiJobRun>[] = [
    { key: 'StartedDate', title: t('logs.startedDate'), width: 160, render: formatDateTime },
    { key: 'FinishedDate', title: t('logs.finishedDate'), width: 160, render: formatDateTime },
    {
      key: 'Status',
      title: t('fields.status'),
      width: 120,
      render: (value) => (
        <Tag color={RUN_COLORS[value as AiJobRun['Status']]}>
          {t(`runStatus.${value as AiJobRun['Status']}`)}
        </Tag>
      ),
    },
    {
      key: 'Trigger',
      title: t('logs.trigger'),
      width: 110,
      render: (value) => t(`triggers.${value as 'cron'}`),
    },
    { key: 'ProcessedCount', title: t('logs.processedCount'), width: 120 },
    { key: 'Message', title: t('logs.message'), width: 300, sortable: false },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  const kind = job.data?.Type === 'training' ? 'experiment-logs' : 'scoring-logs';
  return (
    <AdminPage
      title={t('logs.title', { name: job.data?.Name ?? '' })}
      back={{ to: `${AI_JOBS_PATH}/${id}`, label: t('logs.back') }}
    >
      <DataGrid<AiJobRun>
        endpoint={jobLogsEndpoint(id)}
        item={aiJobRunSchema}
        rowKey="Id"
        columns={columns}
        defaultOrder="StartedDate desc"
        empty={t('logs.empty')}
        rowActions={(run) => (
          <Space size={0}>
            <Button
              type="link"
              onClick={() => void navigate(`${AI_JOBS_PATH}/${id}/logs/${run.Id}/scoring-logs`)}
              disabled={kind !== 'scoring-logs'}
            >
              {t('logs.scoringLogs')}
            </Button>
            <Button
              type="link"
              onClick={() => void navigate(`${AI_JOBS_PATH}/${id}/logs/${run.Id}/experiment-logs`)}
              disabled={kind !== 'experiment-logs'}
            >
              {t('logs.experimentLogs')}
            </Button>
          </Space>
        )}
      />
    </AdminPage>
  );
}

/** `/ai-scheduled-jobs/{id}/logs/{logId}/scoring-logs`: a scoring run's batches, per model. */
export function AiScoringLogsPage() {
  const { t } = useTranslation('aiJobs');
  const { id, logId } = useRouteIds();
  const columns: DataGridColumn<AiScoringLog>[] = [
    { key: 'CreatedDate', title: t('logs.createdDate'), width: 160, render: formatDateTime },
    {
      key: 'ModelKind',
      title: t('logs.modelKind'),
      width: 120,
      render: (value) => t(`modelKinds.${value as 'topic'}`),
    },
    { key: 'ModelId', title: t('logs.modelId'), width: 100, sortable: false },
    { key: 'ScoredCount', title: t('logs.scoredCount'), width: 120 },
    { key: 'FromAnswerId', title: t('logs.fromAnswerId'), width: 130, sortable: false },
    { key: 'ToAnswerId', title: t('logs.toAnswerId'), width: 130, sortable: false },
    { key: 'DurationMs', title: t('logs.durationMs'), width: 120, sortable: false },
  ];
  return (
    <AdminPage
      title={t('logs.scoringTitle', { run: logId })}
      back={{ to: `${AI_JOBS_PATH}/${id}/logs`, label: t('logs.backToRuns') }}
    >
      <DataGrid<AiScoringLog>
        endpoint={runLogsEndpoint(id, logId, 'scoring-logs')}
        item={aiScoringLogSchema}
        rowKey="Id"
        columns={columns}
        defaultOrder="Id asc"
        empty={t('logs.emptyScoring')}
      />
    </AdminPage>
  );
}

/** `/ai-scheduled-jobs/{id}/logs/{logId}/experiment-logs`: a training run's versions, accepted or not. */
export function AiExperimentLogsPage() {
  const { t } = useTranslation('aiJobs');
  const { id, logId } = useRouteIds();
  const columns: DataGridColumn<AiExperimentLog>[] = [
    { key: 'CreatedDate', title: t('logs.createdDate'), width: 160, render: formatDateTime },
    {
      key: 'ModelKind',
      title: t('logs.modelKind'),
      width: 120,
      render: (value) => t(`modelKinds.${value as 'topic'}`),
    },
    { key: 'Version', title: t('logs.version'), width: 100 },
    {
      key: 'Accepted',
      title: t('logs.accepted'),
      width: 110,
      render: (value) => (value ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    { key: 'Message', title: t('logs.message'), width: 300, sortable: false },
    {
      key: 'Report',
      title: t('logs.report'),
      width: 300,
      sortable: false,
      defaultHidden: true,
      render: (value) => (
        <bdi dir="ltr">{value === null || value === undefined ? '' : JSON.stringify(value)}</bdi>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('logs.experimentTitle', { run: logId })}
      back={{ to: `${AI_JOBS_PATH}/${id}/logs`, label: t('logs.backToRuns') }}
    >
      <DataGrid<AiExperimentLog>
        endpoint={runLogsEndpoint(id, logId, 'experiment-logs')}
        item={aiExperimentLogSchema}
        rowKey="Id"
        columns={columns}
        defaultOrder="Id asc"
        empty={t('logs.emptyExperiments')}
      />
    </AdminPage>
  );
}
