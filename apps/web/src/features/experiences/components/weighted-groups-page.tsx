import { PlusOutlined } from '@ant-design/icons';
import { weightedExperienceGroupRowSchema, type WeightedExperienceGroupRow } from '@loupe/contracts';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { usePageTitle } from '../../../lib/page-title';
import { WEIGHTED_GROUPS_ENDPOINT } from '../api/metadata-keys';
import { DeleteWeightedGroupButton } from './delete-buttons';
import styles from './metadata.module.css';

/** `/weighted-experience-groups` (metadata:manage, customKpi): the tenant's weighted blends of experiences. */
export function WeightedGroupsPage() {
  const { t } = useTranslation('experiences');
  const navigate = useNavigate();
  usePageTitle(t('weightedGroups.title'));

  const columns: DataGridColumn<WeightedExperienceGroupRow>[] = [
    { key: 'Name', title: t('weightedGroups.fields.name'), width: 300 },
    { key: 'ItemCount', title: t('weightedGroups.fields.itemCount'), width: 160 },
    { key: 'Id', title: t('weightedGroups.fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('weightedGroups.title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('weightedGroups.intro')}
      </Typography.Paragraph>
      <DataGrid<WeightedExperienceGroupRow>
        endpoint={WEIGHTED_GROUPS_ENDPOINT}
        item={weightedExperienceGroupRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="Name asc"
        exportFileName={t('weightedGroups.exportFileName')}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate('/weighted-experience-groups/create')}
          >
            {t('weightedGroups.new')}
          </Button>
        }
        onRowClick={(row) => void navigate(`/weighted-experience-groups/${row.Id}`)}
        rowActions={(row) => <DeleteWeightedGroupButton compact record={row} />}
      />
    </div>
  );
}
