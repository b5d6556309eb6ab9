import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  IMPORT_LOG_STATUS,
  stagedInviteeRowSchema,
  type ImportDataLogDetail,
  type StagedInviteeRow,
} from '@loupe/contracts';
import { Alert, Card, Descriptions, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useDecideImport } from '../api/decide-import';
import { useImportLog } from '../api/get-import-log';
import { importRowsEndpoint } from '../api/import-keys';
import { formatDateTime } from '../import-format';
import { eliminationReasonLabel, isImportRunning, stagedStatusLabel } from '../import-labels';
import styles from './imports.module.css';
import { useStagedColumns } from './staged-columns';
import { ImportStatusTag } from './status-tags';
import { useFieldOptions } from './use-field-labels';

const LIST_PATH = '/import-data-logs';

/** `/import-data-logs/{id}`: one import, followed while it runs. */
export function ImportLogPage() {
  const { t } = useTranslation('imports');
  return (
    <RecordLoader
      query={useRouteRecord(useImportLog)}
      title={t('logs.title')}
      back={{ to: LIST_PATH, label: t('detail.back') }}
      notFound={t('detail.notFound')}
      loadFailed={t('detail.loadFailed')}
    >
      {(log) => (log ? <ImportLogView log={log} /> : null)}
    </RecordLoader>
  );
}

/** A count table's row. */
type CountRow = { key: string; label: string; count: number };

function ImportLogView({ log }: { log: ImportDataLogDetail }) {
  const { t, i18n } = useTranslation('imports');
  const { t: tCommon } = useTranslation();
  const { t: tGrid } = useTranslation('grid');
  const language = i18n.language;
  const running = isImportRunning(log.Status);
  const columns = useStagedColumns({ withImport: false, withRow: true });
  const fields = useFieldOptions();
  const fieldName = (field: string) => fields.find((option) => option.value === field)?.label ?? field;

  const statusRows: CountRow[] = (['New', 'Processed', 'Moved', 'Removed'] as const).map((name, status) => ({
    key: name,
    label: stagedStatusLabel(status, language),
    count: log.StatusCounts[name],
  }));
  const reasonRows: CountRow[] = log.EliminationCounts.map((item) => ({
    key: String(item.Reason),
    label: eliminationReasonLabel(item.Reason, language),
    count: item.Count,
  }));
  const errorRows: CountRow[] = log.ErrorCounts.map((item) => ({
    key: String(item.Code),
    label:
      `${item.Code} ${tCommon(`errorCodes.${item.Code}` as 'errorCodes.500', { defaultValue: '' })}`.trim(),
    count: item.Count,
  }));

  const countTable = (title: string, labelTitle: string, rows: CountRow[]) => (
    <Card size="small" title={title}>
      <Table<CountRow>
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('detail.none') }}
        columns={[
          { key: 'label', title: labelTitle, dataIndex: 'label' },
          { key: 'count', title: t('detail.count'), dataIndex: 'count', align: 'end', width: 110 },
        ]}
      />
    </Card>
  );

  return (
    <AdminPage
      title={t('detail.title', { id: log.Id })}
      back={{ to: LIST_PATH, label: t('detail.back') }}
      headerExtra={<DecisionButtons log={log} />}
    >
      {log.Status === IMPORT_LOG_STATUS.WaitingForApproval ? (
        <Alert
          className={styles.section}
          type="warning"
          showIcon
          title={t('detail.waiting')}
          description={log.CanDecide ? undefined : tCommon('errorCodes.16005')}
        />
      ) : null}
      {log.Status === IMPORT_LOG_STATUS.Failed && log.Error ? (
        <Alert className={styles.section} type="error" showIcon title={log.Error} />
      ) : null}
      <Card className={styles.section}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, lg: 3 }}
          items={[
            {
              key: 'status',
              label: t('logFields.status'),
              children: <ImportStatusTag status={log.Status} />,
            },
            { key: 'file', label: t('logFields.fileName'), children: log.FileName },
            { key: 'survey', label: t('logFields.survey'), children: log.SurveyName },
            { key: 'source', label: t('logFields.source'), children: log.ImportDataSourceName ?? '—' },
            { key: 'createdBy', label: t('logFields.createdBy'), children: log.CreatedByUserName },
            { key: 'createdAt', label: t('logFields.createdAt'), children: formatDateTime(log.CreatedAt) },
            {
              key: 'requiresApproval',
              label: t('logFields.requiresApproval'),
              children: log.RequiresApproval ? tGrid('yes') : tGrid('no'),
            },
            { key: 'decidedBy', label: t('logFields.decidedBy'), children: log.DecidedByUserName ?? '—' },
            {
              key: 'decidedAt',
              label: t('logFields.decidedAt'),
              children: formatDateTime(log.DecidedAt) || '—',
            },
            { key: 'total', label: t('logFields.total'), children: log.TotalCount ?? '—' },
            { key: 'accepted', label: t('logFields.accepted'), children: log.AcceptedCount },
            { key: 'eliminated', label: t('logFields.eliminated'), children: log.EliminatedCount },
            { key: 'errors', label: t('logFields.errors'), children: log.ErrorCount },
            { key: 'invited', label: t('logFields.invited'), children: log.InvitedCount },
            {
              key: 'processedAt',
              label: t('logFields.processedAt'),
              children: formatDateTime(log.ProcessedAt) || '—',
            },
          ]}
        />
        <Typography.Text strong id="import-progress" className={styles.progress}>
          {t('detail.progress')}
        </Typography.Text>
        <Progress
          percent={Math.round(log.Progress)}
          status={log.Status === IMPORT_LOG_STATUS.Failed ? 'exception' : running ? 'active' : undefined}
          aria-labelledby="import-progress"
        />
        {running ? <Typography.Text type="secondary">{t('detail.running')}</Typography.Text> : null}
      </Card>
      <div className={styles.counts}>
        {countTable(t('detail.statusCounts'), t('columns.status'), statusRows)}
        {countTable(t('detail.eliminationCounts'), t('detail.reason'), reasonRows)}
        {countTable(t('detail.errorCounts'), t('detail.check'), errorRows)}
      </div>
      {log.Mapping.length > 0 ? (
        <Card size="small" title={t('detail.mapping')} className={styles.section}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, lg: 3 }}
            items={log.Mapping.map((item) => ({
              key: item.Column,
              label: item.Column,
              children: fieldName(item.Field),
            }))}
          />
        </Card>
      ) : null}
      <Typography.Title level={2}>{t('detail.rows')}</Typography.Title>
      <DataGrid<StagedInviteeRow>
        endpoint={importRowsEndpoint(log.Id)}
        item={stagedInviteeRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="InviteeFullName"
        defaultOrder="RowNumber asc"
      />
    </AdminPage>
  );
}

/** Approve and Reject, each after a confirmation, for a user the server lets decide (not the uploader). */
function DecisionButtons({ log }: { log: ImportDataLogDetail }) {
  const { t } = useTranslation('imports');
  const decide = useDecideImport();
  if (log.Status !== IMPORT_LOG_STATUS.WaitingForApproval || !log.CanDecide) return null;
  const id = log.Id;
  return (
    <span className={styles.buttons}>
      <ConfirmActionButton
        variables={{ id, decision: 'reject' as const }}
        mutation={decide}
        danger
        icon={<CloseOutlined />}
        texts={{
          label: t('detail.rejectLabel', { id }),
          button: t('detail.reject'),
          confirmTitle: t('detail.rejectConfirm', { id }),
          confirmDescription: t('detail.rejectDescription'),
          done: t('detail.rejected'),
          refused: t('detail.refused'),
        }}
      />
      <ConfirmActionButton
        variables={{ id, decision: 'approve' as const }}
        mutation={decide}
        icon={<CheckOutlined />}
        texts={{
          label: t('detail.approveLabel', { id }),
          button: t('detail.approve'),
          confirmTitle: t('detail.approveConfirm', { id }),
          confirmDescription: t('detail.approveDescription', { count: log.AcceptedCount }),
          done: t('detail.approved'),
          refused: t('detail.refused'),
        }}
      />
    </span>
  );
}
