import { aiTopicSchema, type AiTopic } from '@loupe/contracts';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListPage } from '@/components/admin-page/list-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { useCanManageTopics, useTopicModel } from '../api/topic-models';
import { topicsEndpoint } from '../api/topics';
import { DeleteTopicButton } from './delete-buttons';
import { TopicModelLinks } from './topic-model-links';

/** `/ai-topic-models/:id/topics`: the model's topics with their rules. */
export function TopicsPage() {
  const { t } = useTranslation('aiTopicModels');
  const modelId = recordIdOf(useParams().id);
  usePageTitle(t('topics.title'));
  if (typeof modelId !== 'number') return <Result status="404" title={t('models.notFound')} />;
  return <TopicsList modelId={modelId} />;
}

function TopicsList({ modelId }: { modelId: number }) {
  const { t } = useTranslation('aiTopicModels');
  const canManage = useCanManageTopics();
  const model = useTopicModel(modelId).data;
  const words = (value: unknown) => (value as string[]).join(', ');
  const columns: DataGridColumn<AiTopic>[] = [
    { key: 'Name', title: t('topics.fields.name'), width: 220 },
    { key: 'Threshold', title: t('topics.fields.threshold'), width: 110 },
    {
      key: 'PositiveSeedWords',
      title: t('topics.fields.PositiveSeedWords'),
      width: 300,
      sortable: false,
      render: words,
    },
    {
      key: 'NegativeSeedWords',
      title: t('topics.fields.NegativeSeedWords'),
      width: 200,
      sortable: false,
      render: words,
    },
    { key: 'ParentId', title: t('topics.fields.parent'), width: 100, defaultHidden: true },
    { key: 'Id', title: t('topics.fields.id'), width: 100, defaultHidden: true },
  ];
  return (
    <ListPage<AiTopic>
      title={model ? t('topics.titleOf', { name: model.Name }) : t('topics.title')}
      intro={<TopicModelLinks modelId={modelId} current="topics" />}
      path={`/ai-topic-models/${modelId}/topics`}
      newLabel={canManage && t('topics.new')}
      endpoint={topicsEndpoint(modelId)}
      item={aiTopicSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      empty={<p>{t('topics.empty')}</p>}
      rowActions={
        canManage ? (row) => <DeleteTopicButton compact modelId={modelId} record={row} /> : undefined
      }
    />
  );
}
