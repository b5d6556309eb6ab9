import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
import { useReplayIntegrationDelivery } from '../api/replay-integration-delivery';

/** Replays one delivery after the user confirms (a new attempt, same idempotency key); a refusal shows translated. */
export function ReplayDeliveryButton({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useTranslation('integrations');
  const replay = useReplayIntegrationDelivery();
  return (
    <ConfirmActionButton<number>
      variables={id}
      mutation={replay}
      compact={compact}
      icon={<RedoOutlined aria-hidden="true" />}
      texts={{
        label: t('deliveries.replay.label', { id }),
        button: t('deliveries.replay.button'),
        confirmTitle: t('deliveries.replay.confirmTitle', { id }),
        confirmDescription: t('deliveries.replay.confirmDescription'),
        done: t('deliveries.replay.done', { id }),
        refused: t('deliveries.replay.refused', { id }),
      }}
    />
  );
}
