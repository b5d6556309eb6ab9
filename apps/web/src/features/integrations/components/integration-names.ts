import type { IntegrationAction, IntegrationEvent } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';

// Catalogue keys cannot hold dots (the key separator): 'alert.status_changed' is read as 'alert_status_changed'.
const keyOf = (name: string) => name.replaceAll('.', '_');

/** The translated names of events and actions; an unknown one (a newer server) shows as sent. */
export function useIntegrationNames() {
  const { t } = useTranslation('integrations');
  return {
    event: (event: IntegrationEvent) =>
      t(`events.${keyOf(event)}` as 'events.session_completed', { defaultValue: event }),
    action: (action: IntegrationAction) =>
      t(`actionNames.${keyOf(action)}` as 'actionNames.webhook_post', { defaultValue: action }),
  };
}
