import { importDataLogRowSchema, type ImportDataLogRow } from '@loupe/contracts';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { useCanManage } from '../use-can-manage';
import { IMPORT_LOGS_ENDPOINT } from '../api/import-keys';
import { formatDateTime } from '../import-format';
import { isImportRunning } from '../import-labels';
import { ImportStatusTag } from './status-tags';

/** `/import-data-logs`: the tenant's imports, newest first; a row opens its detail. */
export function ImportLogsPage() {
  const { t } = useTranslation('imports');
  const canManageSources = useCanManage('alterna:manage');
  const date = (value: unknown) => formatDateTime(value);
  const count = (value: unknown) => (typeof value === 'number' ? value.toLocaleString() : '');
  const columns: DataGridColumn<ImportDataLogRow>[] = [
    { key: 'Id', title: t('logFields.id'), width: 100 },
    {
      key: 'Status',
      title: t('logFields.status'),
      width: 170,
      render: (_value, row) => (
        <>
          <ImportStatusTag status={row.Status} />
          {isImportRunning(row.Status) && row.TotalCount ? (
            <Progress
              size="small"
              percent={Math.floor((100 * row.ProcessedCount) / row.TotalCount)}
              aria-label={t('detail.progressLabel')}
            />
          ) : null}
        </>
      ),
    },
    { key: 'FileName', title: t('logFields.fileName'), width: 220 },
    { key: 'SurveyName', title: t('logFields.survey'), width: 200 },
    { key: 'ImportDataSourceName', title: t('logFields.source'), width: 180 },
    { key: 'TotalCount', title: t('logFields.total'), width: 100, render: count },
    { key: 'AcceptedCount', title: t('logFields.accepted'), width: 110, render: count },
    { key: 'EliminatedCount', title: t('logFields.eliminated'), width: 110, render: count },
    { key: 'ErrorCount', title: t('logFields.errors'), width: 100, render: count },
    { key: 'InvitedCount', title: t('logFields.invited'), width: 100, render: count },
    { key: 'CreatedByUserName', title: t('logFields.createdBy'), width: 160 },
    { key: 'CreatedAt', title: t('logFields.createdAt'), width: 160, render: date },
    { key: 'DecidedByUserName', title: t('logFields.decidedBy'), width: 160, defaultHidden: true },
    { key: 'ProcessedAt', title: t('logFields.processedAt'), width: 160, render: date, defaultHidden: true },
  ];
  return (
    <ListPage<ImportDataLogRow>
      title={t('logs.title')}
      intro={
        <>
          {t('logs.intro')}{' '}
          {canManageSources ? <Link to="/import-data-sources">{t('logs.sources')}</Link> : null}
        </>
      }
      path="/import-data-logs"
      newLabel={t('logs.new')}
      endpoint={IMPORT_LOGS_ENDPOINT}
      item={importDataLogRowSchema}
      rowKey="Id"
      columns={columns}
      searchField="FileName"
      defaultOrder="CreatedAt desc"
      exportFileName={t('logs.exportFileName')}
    />
  );
}
