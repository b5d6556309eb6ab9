import type { IntegrationDelivery } from '@loupe/contracts';
import { Descriptions, Drawer, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
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
