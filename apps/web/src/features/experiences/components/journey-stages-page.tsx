import { PlusOutlined } from '@ant-design/icons';
import { journeyStageRowSchema, type JourneyStageRow } from '@loupe/contracts';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { usePageTitle } from '../../../lib/page-title';
import { JOURNEY_STAGES_ENDPOINT } from '../api/metadata-keys';
import { DeleteJourneyStageButton } from './delete-buttons';
import styles from './metadata.module.css';

/** `/journey-stages` (metadata:manage): the tenant's journey stages in order. */
export function JourneyStagesPage() {
  const { t } = useTranslation('experiences');
  const navigate = useNavigate();
  usePageTitle(t('journeyStages.title'));

  const columns: DataGridColumn<JourneyStageRow>[] = [
    { key: 'Order', title: t('journeyStages.fields.order'), width: 110 },
    { key: 'Name', title: t('journeyStages.fields.name'), width: 300 },
    { key: 'SurveyCount', title: t('journeyStages.fields.surveyCount'), width: 140 },
    { key: 'Id', title: t('journeyStages.fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('journeyStages.title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('journeyStages.intro')}
      </Typography.Paragraph>
      <DataGrid<JourneyStageRow>
        endpoint={JOURNEY_STAGES_ENDPOINT}
        item={journeyStageRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="Order asc"
        exportFileName={t('journeyStages.exportFileName')}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate('/journey-stages/create')}
          >
            {t('journeyStages.new')}
          </Button>
        }
        onRowClick={(row) => void navigate(`/journey-stages/${row.Id}`)}
        rowActions={(row) => <DeleteJourneyStageButton compact record={row} disabled={row.SurveyCount > 0} />}
      />
    </div>
  );
}
