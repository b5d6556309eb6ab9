import type { AiTopicModel } from '@loupe/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordStatus } from '@/components/admin-page/record-status';
import { usePageTitle } from '@/lib/page-title';
import { TopicModelLinks } from './topic-model-links';
import { useRouteModel } from './use-route-model';

/** The frame of a model's try, export and statistics screens: heading, links, then `children(model)`. */
export function TopicModelToolPage({
  page,
  children,
}: {
  page: 'try' | 'export' | 'statistics';
  children: (model: AiTopicModel) => ReactNode;
}) {
  const { t } = useTranslation('aiTopicModels');
  const { id, query } = useRouteModel();
  const model = query.data;
  usePageTitle(t(`${page}.title`));
  return (
    <AdminPage
      title={model ? t(`${page}.titleOf`, { name: model.Name }) : t(`${page}.title`)}
      back={{ to: id === null ? '/ai-topic-models' : `/ai-topic-models/${id}`, label: t('links.back') }}
      intro={id !== null && <TopicModelLinks modelId={id} current={page} />}
      size="medium"
    >
      {model ? (
        children(model)
      ) : (
        <RecordStatus
          query={id === null ? null : query}
          notFound={t('models.notFound')}
          loadFailed={t('models.loadFailed')}
        />
      )}
    </AdminPage>
  );
}
