import { weightedExperienceGroupRowSchema, type WeightedExperienceGroupRow } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { WEIGHTED_GROUPS_ENDPOINT } from '../api/metadata-keys';
import { DeleteWeightedGroupButton } from './delete-buttons';

/** `/weighted-experience-groups` (metadata:manage, customKpi): the tenant's weighted blends of experiences. */
export function WeightedGroupsPage() {
  const { t } = useTranslation('experiences');
  usePageTitle(t('weightedGroups.title'));

  const columns: DataGridColumn<WeightedExperienceGroupRow>[] = [
    { key: 'Name', title: t('weightedGroups.fields.name'), width: 300 },
    { key: 'ItemCount', title: t('weightedGroups.fields.itemCount'), width: 160 },
    { key: 'Id', title: t('weightedGroups.fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<WeightedExperienceGroupRow>
      title={t('weightedGroups.title')}
      intro={t('weightedGroups.intro')}
      path="/weighted-experience-groups"
      newLabel={t('weightedGroups.new')}
      endpoint={WEIGHTED_GROUPS_ENDPOINT}
      item={weightedExperienceGroupRowSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t('weightedGroups.exportFileName')}
      rowActions={(row) => <DeleteWeightedGroupButton compact record={row} />}
    />
  );
}
