import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormats } from '@/widgets/shared/use-number-formats';
import type { NumberFormats } from '@/widgets/shared/widget-format';
import type { FunnelStage } from '../statistics-charts';
import { useChannelName } from './use-channel-name';

export type StatisticsTexts = {
  locale: string;
  rtl: boolean;
  formats: NumberFormats;
  stageLabel: (stage: FunnelStage) => string;
  channelName: (channel: number) => string;
};

/** The interface language's number formats, direction and the names of stages and channels. */
export function useStatisticsTexts(): StatisticsTexts {
  const { t, i18n } = useTranslation('surveyStats');
  const formats = useNumberFormats();
  const locale = i18n.language;
  const channelName = useChannelName();
  return useMemo(
    () => ({
      locale,
      rtl: i18n.dir(locale) === 'rtl',
      formats,
      stageLabel: (stage: FunnelStage) => t(`stages.${stage}`),
      channelName,
    }),
    [formats, i18n, locale, t, channelName],
  );
}
