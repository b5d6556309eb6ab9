import type { IntegrationDelivery, IntegrationDeliveryAttempt } from '@loupe/contracts';
import { Alert, Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeliveryAttempts } from '../api/get-delivery-attempts';
import { DeliveryStatusTag } from './delivery-status-tag';
import { useIntegrationNames } from './integration-names';
import styles from './integrations.module.css';
import { ReplayDeliveryButton } from './replay-delivery-button';

export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YYYY HH:mm:ss';

/** A JSON body indented for reading; other text as it is. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One delivery in full: its columns, the request it sent and the response it got, and (for managers) a replay. */
export function DeliveryDrawer({
  delivery,
  canReplay,
  onClose,
}: {
  delivery: IntegrationDelivery | undefined;
  canReplay: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const names = useIntegrationNames();
  return (
    <Drawer
      open={delivery !== undefined}
      onClose={onClose}
      title={delivery ? t('deliveries.detailTitle', { id: delivery.Id }) : undefined}
      size="large"
      extra={
        delivery && canReplay && delivery.Status !== 'pending' && <ReplayDeliveryButton id={delivery.Id} />
      }
    >
      {delivery && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('deliveries.fields.status')}>
              <DeliveryStatusTag status={delivery.Status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.workflow')}>
              {delivery.WorkflowName}
            </Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.source')}>{delivery.SourceName}</Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.event')}>
              {names.event(delivery.Event)}
            </Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.attempt')}>{delivery.Attempt}</Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.responseStatus')}>
              {delivery.ResponseStatus ?? t('deliveries.noResponse')}
            </Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.duration')}>
              {delivery.DurationMs === null ? '' : t('deliveries.durationMs', { ms: delivery.DurationMs })}
            </Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.createdAt')}>
              {dayjs(delivery.CreatedAt).format(DATE_TIME_SECONDS_FORMAT)}
            </Descriptions.Item>
            <Descriptions.Item label={t('deliveries.fields.idempotencyKey')}>
              <span className={styles.code}>{delivery.IdempotencyKey}</span>
            </Descriptions.Item>
            {delivery.Error && (
              <Descriptions.Item label={t('deliveries.fields.error')}>
                <span className={styles.code}>{delivery.Error}</span>
              </Descriptions.Item>
            )}
          </Descriptions>
          <DeliveryAttempts id={delivery.Id} />
          <Typography.Title level={2} className={styles.sectionTitle}>
            {t('deliveries.fields.request')}
          </Typography.Title>
          <pre className={styles.pre} tabIndex={0}>
            {delivery.RequestBody ? pretty(delivery.RequestBody) : t('deliveries.noBody')}
          </pre>
          <Typography.Title level={2} className={styles.sectionTitle}>
            {t('deliveries.fields.response')}
          </Typography.Title>
          <pre className={styles.pre} tabIndex={0}>
            {delivery.ResponseBody ? pretty(delivery.ResponseBody) : t('deliveries.noBody')}
          </pre>
        </>
      )}
    </Drawer>
  );
}

/** The attempts of a delivery, oldest first: when, the answer's status, how long, and whether a replay asked for it. */
function DeliveryAttempts({ id }: { id: number }) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation();
  const attempts = useDeliveryAttempts(id);
  return (
    <>
      <Typography.Title level={2} className={styles.sectionTitle}>
        {t('deliveries.attempts')}
      </Typography.Title>
      {attempts.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('deliveries.attemptsFailed')}
          description={errorMessage(attempts.error, tCommon)}
        />
      ) : (
        <Table<IntegrationDeliveryAttempt>
          rowKey="Id"
          size="small"
          pagination={false}
          loading={attempts.isPending}
          dataSource={attempts.data ?? []}
          locale={{ emptyText: t('deliveries.noAttempts') }}
          columns={[
            {
              key: 'Attempt',
              title: t('deliveries.fields.attempt'),
              render: (_value, row) => (
                <>
                  {row.Attempt} {row.IsReplay && <Tag>{t('deliveries.replayed')}</Tag>}
                </>
              ),
            },
            {
              key: 'Succeeded',
              title: t('deliveries.fields.status'),
              render: (_value, row) =>
                row.Succeeded ? (
                  <Tag color="green">{t('deliveries.succeededShort')}</Tag>
                ) : (
                  <Tag color="red">{t('deliveries.failedShort')}</Tag>
                ),
            },
            {
              key: 'ResponseStatus',
              title: t('deliveries.fields.responseStatus'),
              render: (_value, row) => row.ResponseStatus ?? t('deliveries.noResponse'),
            },
            {
              key: 'DurationMs',
              title: t('deliveries.fields.duration'),
              render: (_value, row) => t('deliveries.durationMs', { ms: row.DurationMs }),
            },
            {
              key: 'CreatedAt',
              title: t('deliveries.fields.createdAt'),
              render: (_value, row) => dayjs(row.CreatedAt).format(DATE_TIME_SECONDS_FORMAT),
            },
          ]}
        />
      )}
    </>
  );
}
