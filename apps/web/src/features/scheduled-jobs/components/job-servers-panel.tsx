import type { JobServer } from '@loupe/contracts';
import { Alert, Card, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useJobServers } from '../api/scheduled-jobs-api';
import { formatDateTime } from '../job-format';
import styles from './scheduled-jobs.module.css';

/** The worker nodes seen in the last 2 minutes (`/api/filters/hangfireServers`), read again every few seconds. */
export function JobServersPanel() {
  const { t } = useTranslation('scheduledJobs');
  const servers = useJobServers();
  const date = (value: string) => <time dateTime={value}>{formatDateTime(value)}</time>;
  const columns: ColumnsType<JobServer> = [
    { key: 'host', dataIndex: 'HostName', title: t('servers.host') },
    { key: 'pid', dataIndex: 'Pid', title: t('servers.pid') },
    { key: 'started', dataIndex: 'StartedAt', title: t('servers.startedAt'), render: date },
    { key: 'seen', dataIndex: 'LastSeenAt', title: t('servers.lastSeenAt'), render: date },
    {
      key: 'queues',
      dataIndex: 'Queues',
      title: t('servers.queues'),
      render: (queues: string[]) => (
        <Tooltip title={queues.join(', ')}>
          <Tag tabIndex={0} aria-label={queues.join(', ')}>
            {t('servers.queueCount', { count: queues.length })}
          </Tag>
        </Tooltip>
      ),
    },
  ];
  return (
    <section aria-labelledby="job-servers-title" className={styles.servers}>
      <Card
        size="small"
        title={
          <Typography.Title level={2} id="job-servers-title" className={styles.serversTitle}>
            {t('servers.title')}
          </Typography.Title>
        }
      >
        <Typography.Paragraph type="secondary">{t('servers.intro')}</Typography.Paragraph>
        {servers.isError ? (
          <Alert type="error" showIcon message={t('servers.unavailable')} />
        ) : (
          <Table<JobServer>
            size="small"
            rowKey="Id"
            loading={servers.isPending}
            dataSource={servers.data ?? []}
            columns={columns}
            pagination={false}
            aria-labelledby="job-servers-title"
            locale={{ emptyText: <Empty description={t('servers.empty')} /> }}
          />
        )}
      </Card>
    </section>
  );
}
