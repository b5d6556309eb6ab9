import { useTranslation } from 'react-i18next';

/** The translated name of an interaction channel (1 e-mail, 2 SMS, …). */
export function useChannelName(): (channel: number) => string {
  const { t } = useTranslation('templates');
  return (channel) => t(`channels.${channel}` as 'channels.1', { defaultValue: String(channel) });
}
