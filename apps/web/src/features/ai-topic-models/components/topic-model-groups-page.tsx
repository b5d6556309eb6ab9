import { aiTopicModelGroupSchema, type AiTopicModelGroup } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { TOPIC_MODEL_GROUPS_ENDPOINT } from '../api/topic-model-groups';
import { useCanManageTopics } from '../api/topic-models';
import { DeleteTopicModelGroupButton } from './delete-buttons';

/** `/ai-topic-model-groups` (topic:read, topic:manage): sets of topic models, emotion models only or none. */
export function TopicModelGroupsPage() {
  const { t } = useTranslation('aiTopicModels');
  const canManage = useCanManageTopics();
  usePageTitle(t('groups.title'));
  const columns: DataGridColumn<AiTopicModelGroup>[] = [
    { key: 'Name', title: t('groups.fields.name'), width: 260 },
    { key: 'IsEmotion', title: t('groups.fields.isEmotion'), width: 140 },
    {
      key: 'ModelIds',
      title: t('groups.fields.modelCount'),
      width: 120,
      sortable: false,
      render: (value) => (value as number[]).length,
    },
    { key: 'Id', title: t('groups.fields.id'), width: 100, defaultHidden: true },
  ];
  return (
    <ListPage<AiTopicModelGroup>
      title={t('groups.title')}
      intro={t('groups.intro')}
      path="/ai-topic-model-groups"
      newLabel={canManage && t('groups.new')}
      endpoint={TOPIC_MODEL_GROUPS_ENDPOINT}
      item={aiTopicModelGroupSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      rowActions={canManage ? (row) => <DeleteTopicModelGroupButton compact record={row} /> : undefined}
    />
  );
}
