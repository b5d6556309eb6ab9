import { aiLogSchema, type AiLog } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { AI_LOGS_ENDPOINT } from '../api/ai-jobs';
import { formatDateTime } from './ai-format';

const LEVEL_COLORS: Partial<Record<AiLog['Level'], string>> = {
  ERROR: 'red',
  CRITICAL: 'red',
  WARNING: 'orange',
  INFO: 'blue',
};

/** `/ai-logs`: what the text-analytics jobs did (runs started, finished, failed; models skipped), newest first. */
export function AiLogsPage() {
  const { t } = useTranslation('aiJobs');
  const columns: DataGridColumn<AiLog>[] = [
    { key: 'CreatedDate', title: t('logs.createdDate'), width: 160, render: formatDateTime },
    {
      key: 'Level',
      title: t('aiLogs.level'),
      width: 110,
      render: (value) => <Tag color={LEVEL_COLORS[value as AiLog['Level']]}>{String(value)}</Tag>,
    },
    { key: 'Source', title: t('aiLogs.source'), width: 220 },
    { key: 'Message', title: t('logs.message'), width: 300 },
  ];
  return (
    <AdminPage title={t('aiLogs.title')} intro={t('aiLogs.intro')}>
      <DataGrid<AiLog>
        endpoint={AI_LOGS_ENDPOINT}
        item={aiLogSchema}
        rowKey="Id"
        columns={columns}
        searchField="Message"
        defaultOrder="CreatedDate desc"
        exportFileName={t('aiLogs.exportFileName')}
        empty={t('aiLogs.empty')}
      />
    </AdminPage>
  );
}
