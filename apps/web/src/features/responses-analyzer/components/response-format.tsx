import { sentimentChip, type ResponseListItem } from '@loupe/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const DATE_TIME = 'DD/MM/YYYY HH:mm';

/** A date and time (shell spec §9), kept left to right in Arabic; empty for no date. */
export function formatDateTime(value: unknown): ReactNode {
  return typeof value === 'string' && value ? <bdi dir="ltr">{dayjs(value).format(DATE_TIME)}</bdi> : '';
}

const AUDIENCE_COLOR = { promoter: 'success', passive: 'warning', detractor: 'error' } as const;

/** The NPS audience as a coloured tag; nothing without an NPS answer. */
export function AudienceTag({ audience }: { audience: ResponseListItem['Audience'] }) {
  const { t } = useTranslation('responsesAnalyzer');
  if (audience === null) return null;
  return <Tag color={AUDIENCE_COLOR[audience]}>{t(`audience.${audience}`)}</Tag>;
}

const SENTIMENT_COLOR = { positive: 'success', neutral: 'warning', negative: 'error' } as const;

/** A sentiment (4 positive, 2 neutral, 0 negative, -1 unclassified) as a tag; nothing when not analysed. */
export function SentimentTag({ score }: { score: number | null }) {
  const { t } = useTranslation('responsesAnalyzer');
  if (score === null) return null;
  if (score === -1) return <Tag>{t('sentiment.unclassified')}</Tag>;
  const chip = sentimentChip(score);
  return <Tag color={SENTIMENT_COLOR[chip]}>{t(`sentiment.${chip}`)}</Tag>;
}
