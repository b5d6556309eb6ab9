import type { IntegrationDeliveryStatus } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<IntegrationDeliveryStatus, string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'orange',
  dead: 'red',
};

/** A delivery's status as a coloured, translated tag ("dead" reads "Dead letter"). */
export function DeliveryStatusTag({ status }: { status: IntegrationDeliveryStatus }) {
  const { t } = useTranslation('integrations');
  const label = status === 'dead' ? t('deliveries.statuses.deadLetter') : t(`deliveries.statuses.${status}`);
  return <Tag color={COLORS[status]}>{label}</Tag>;
}
