import { journeyStageRowSchema, type JourneyStageRow } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { JOURNEY_STAGES_ENDPOINT } from '../api/metadata-keys';
import { DeleteJourneyStageButton } from './delete-buttons';

/** `/journey-stages` (metadata:manage): the tenant's journey stages in order. */
export function JourneyStagesPage() {
  const { t } = useTranslation('experiences');
  usePageTitle(t('journeyStages.title'));

  const columns: DataGridColumn<JourneyStageRow>[] = [
    { key: 'Order', title: t('journeyStages.fields.order'), width: 110 },
    { key: 'Name', title: t('journeyStages.fields.name'), width: 300 },
    { key: 'SurveyCount', title: t('journeyStages.fields.surveyCount'), width: 140 },
    { key: 'Id', title: t('journeyStages.fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<JourneyStageRow>
      title={t('journeyStages.title')}
      intro={t('journeyStages.intro')}
      path="/journey-stages"
      newLabel={t('journeyStages.new')}
      endpoint={JOURNEY_STAGES_ENDPOINT}
      item={journeyStageRowSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Order asc"
      exportFileName={t('journeyStages.exportFileName')}
      rowActions={(row) => <DeleteJourneyStageButton compact record={row} disabled={row.SurveyCount > 0} />}
    />
  );
}
