import { aiTopicModelSchema, type AiTopicModel } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { TOPIC_MODELS_ENDPOINT, useCanManageTopics } from '../api/topic-models';
import { DeleteTopicModelButton } from './delete-buttons';

/** `/ai-topic-models` (topic:read, topic:manage): the tenant's topic and emotion models. */
export function TopicModelsPage() {
  const { t } = useTranslation('aiTopicModels');
  const canManage = useCanManageTopics();
  usePageTitle(t('models.title'));

  const columns: DataGridColumn<AiTopicModel>[] = [
    { key: 'Name', title: t('models.fields.name'), width: 260 },
    { key: 'Language', title: t('models.fields.language'), width: 110 },
    {
      key: 'ModelType',
      title: t('models.fields.modelType'),
      width: 200,
      render: (value) => t(value === 1 ? 'models.types.blended' : 'models.types.rules'),
    },
    { key: 'IsEmotionModel', title: t('models.fields.isEmotionModel'), width: 120 },
    { key: 'IsIntentModel', title: t('models.fields.isIntentModel'), width: 120, defaultHidden: true },
    { key: 'TopicCount', title: t('models.fields.topicCount'), width: 110, sortable: false },
    { key: 'HasClassifier', title: t('models.fields.hasClassifier'), width: 130, sortable: false },
    { key: 'Id', title: t('models.fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<AiTopicModel>
      title={t('models.title')}
      intro={t('models.intro')}
      path="/ai-topic-models"
      newLabel={canManage && t('models.new')}
      endpoint={TOPIC_MODELS_ENDPOINT}
      item={aiTopicModelSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t('models.exportFileName')}
      rowActions={canManage ? (row) => <DeleteTopicModelButton compact record={row} /> : undefined}
    />
  );
}
