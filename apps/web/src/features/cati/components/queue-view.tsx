import { PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CatiQueueItem } from '@loupe/contracts';
import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useCatiQueue } from '../api/get-cati-queue';
import { useStartCatiCall } from '../api/start-cati-call';
import { DateTimeText } from './date-time-text';
import { OutcomeTag } from './outcome-tag';
import { SurveyStrip } from './survey-strip';
import styles from './cati.module.css';
import { LoadFailed } from '@/components/query-state';

/**
 * The waiting customers in the order calls take them, each CATI survey's place in the queue, "Take next call"
 * and a Call button per row. A refusal (nobody waits, another agent was quicker) shows translated above the table.
 */
export function QueueView() {
  const { t } = useTranslation('cati');
  const { t: tCommon } = useTranslation();
  const queue = useCatiQueue();
  const start = useStartCatiCall();
  const [startError, setStartError] = useState<unknown>();
  const data = queue.data;

  const take = (invitationId: number | null) => {
    setStartError(undefined);
    start.mutate(invitationId, { onError: setStartError });
  };

  if (queue.isError && !data) {
    return <LoadFailed query={queue} title={t('agent.loadFailed')} />;
  }

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Button
          type="primary"
          size="large"
          icon={<PhoneOutlined aria-hidden="true" />}
          loading={start.isPending && start.variables === null}
          disabled={!data || data.Count === 0 || start.isPending}
          onClick={() => take(null)}
        >
          {t('agent.takeNext')}
        </Button>
        <Typography.Text aria-live="polite">
          {data ? t('agent.waitingNow', { number: data.Count }) : tCommon('common.loading')}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined aria-hidden="true" />}
          loading={queue.isFetching}
          onClick={() => void queue.refetch()}
        >
          {t('agent.refresh')}
        </Button>
      </div>
      {startError !== undefined && (
        <Alert
          type="warning"
          showIcon
          closable={{ 'aria-label': tCommon('common.close') }}
          onClose={() => setStartError(undefined)}
          title={t('agent.startFailed')}
          description={errorMessage(startError, tCommon)}
        />
      )}
      {data && data.Surveys.length > 0 && <SurveyStrip surveys={data.Surveys} />}
      <Card title={t('agent.queueTitle')} size="small">
        <Table<CatiQueueItem>
          size="small"
          rowKey="InvitationId"
          loading={!data}
          pagination={false}
          dataSource={data?.Items ?? []}
          scroll={{ x: true }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <Typography.Text strong>{t('agent.empty')}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{t('agent.emptyHint')}</Typography.Text>
                  </>
                }
              />
            ),
          }}
          columns={[
            { key: 'survey', title: t('agent.columns.survey'), dataIndex: 'SurveyName' },
            {
              key: 'customer',
              title: t('agent.columns.customer'),
              dataIndex: 'InviteeFullName',
              render: (name: string | null) => name ?? '–',
            },
            {
              key: 'phone',
              title: t('agent.columns.phone'),
              dataIndex: 'Phone',
              // Phone numbers read left to right in Arabic too.
              render: (phone: string | null) => <bdi dir="ltr">{phone ?? '–'}</bdi>,
            },
            { key: 'attempts', title: t('agent.columns.attempts'), dataIndex: 'Attempts', align: 'end' },
            {
              key: 'lastOutcome',
              title: t('agent.columns.lastOutcome'),
              dataIndex: 'LastOutcome',
              render: (outcome: number | null) => <OutcomeTag outcome={outcome} />,
            },
            {
              key: 'callback',
              title: t('agent.columns.callback'),
              render: (_, item) =>
                item.CallbackAt ? (
                  <Space size={4} wrap>
                    <DateTimeText value={item.CallbackAt} />
                    {item.IsCallbackDue && <Tag color="orange">{t('agent.tags.due')}</Tag>}
                    {item.IsMyCallback && <Tag color="blue">{t('agent.tags.mine')}</Tag>}
                  </Space>
                ) : (
                  '–'
                ),
            },
            {
              key: 'expires',
              title: t('agent.columns.expires'),
              dataIndex: 'ExpiresAt',
              render: (value: string | null) => <DateTimeText value={value} />,
            },
            {
              key: 'actions',
              title: <span className={styles.visuallyHidden}>{t('agent.columns.actions')}</span>,
              render: (_, item) => (
                <Button
                  size="small"
                  icon={<PhoneOutlined aria-hidden="true" />}
                  aria-label={t('agent.callCustomer', {
                    name: item.InviteeFullName ?? item.Phone ?? String(item.InvitationId),
                  })}
                  loading={start.isPending && start.variables === item.InvitationId}
                  disabled={start.isPending}
                  onClick={() => take(item.InvitationId)}
                >
                  {t('agent.call')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
