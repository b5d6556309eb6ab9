import type { FtpExportRun } from '@loupe/contracts';
import { PlayCircleOutlined } from '@ant-design/icons';
import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFtpExportRuns, useRunFtpExportNow } from '../api/ftp-exports';
import { formatDateTime } from './ftp-exports-page';

const STATUS_COLORS: Record<FtpExportRun['Status'], string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** An export's transfers, newest first, with run-now (the run's row appears once its job starts). */
export function FtpExportRuns({ id }: { id: number }) {
  const { t } = useTranslation('ftpExports');
  const { message } = App.useApp();
  const runs = useFtpExportRuns(id);
  const runNow = useRunFtpExportNow(id);
  return (
    <Card
      title={t('runs.title')}
      extra={
        <Button
          icon={<PlayCircleOutlined />}
          loading={runNow.isPending}
          onClick={() =>
            runNow.mutate(undefined, { onSuccess: () => void message.success(t('runs.queued')) })
          }
        >
          {t('runs.runNow')}
        </Button>
      }
    >
      <Table<FtpExportRun>
        rowKey="Id"
        size="small"
        loading={runs.isLoading}
        dataSource={runs.data ?? []}
        pagination={false}
        locale={{ emptyText: t('runs.empty') }}
        columns={[
          {
            key: 'StartedAt',
            title: t('runs.startedAt'),
            dataIndex: 'StartedAt',
            render: (value: string) => formatDateTime(value),
          },
          {
            key: 'Status',
            title: t('runs.status'),
            dataIndex: 'Status',
            render: (value: FtpExportRun['Status'], run) => (
              <>
                <Tag color={STATUS_COLORS[value]}>{t(`runs.statuses.${value}`)}</Tag>
                {run.Manual && <Tag>{t('runs.manual')}</Tag>}
              </>
            ),
          },
          { key: 'RowCount', title: t('runs.rowCount'), dataIndex: 'RowCount' },
          {
            key: 'RemotePath',
            title: t('runs.remotePath'),
            dataIndex: 'RemotePath',
            render: (value: string | null, run) =>
              value ? (
                <bdi dir="ltr">{value}</bdi>
              ) : (
                run.Error && <Typography.Text type="danger">{run.Error}</Typography.Text>
              ),
          },
          {
            key: 'FinishedAt',
            title: t('runs.finishedAt'),
            dataIndex: 'FinishedAt',
            render: (value: string | null) => formatDateTime(value),
          },
        ]}
      />
    </Card>
  );
}
