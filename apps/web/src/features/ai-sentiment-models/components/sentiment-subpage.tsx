import type { AiSentimentModel } from '@loupe/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { useSentimentModel } from '../api/sentiment-models';
import { SENTIMENT_MODELS_PATH } from './sentiment-models-page';

/** The frame of a model's try, export and statistics pages: the model loaded, the way back to its form. */
export function SentimentSubpage({
  titleKey,
  children,
}: {
  titleKey: 'try.title' | 'export.title' | 'statistics.title';
  children: (model: AiSentimentModel, back: { to: string; label: string }) => ReactNode;
}) {
  const { t } = useTranslation('aiSentimentModels');
  return (
    <RecordLoader
      query={useRouteRecord(useSentimentModel)}
      title={t(titleKey, { name: '' })}
      back={{ to: SENTIMENT_MODELS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(model) =>
        model &&
        children(model, {
          to: `${SENTIMENT_MODELS_PATH}/${model.Id}`,
          label: t('backToModel', { name: model.Name }),
        })
      }
    </RecordLoader>
  );
}
