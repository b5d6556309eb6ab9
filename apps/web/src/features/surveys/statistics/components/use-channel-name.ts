import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const CHANNEL_KEYS = ['0', '1', '2', '3', '8', '9', '11', '12'] as const;

/**
 * An interaction channel's name (1 email, 2 SMS, 3 push, 8 IVR, 9 CATI, 11 touchpoint, 12 API; 0 the statistics'
 * sessions without an invitation), else "Channel n".
 */
export function useChannelName(): (channel: number) => string {
  const { t } = useTranslation('surveyStats');
  return useCallback(
    (channel: number) => {
      const key = CHANNEL_KEYS.find((known) => known === String(channel));
      return key ? t(`channels.${key}`) : t('channels.other', { id: channel });
    },
    [t],
  );
}
