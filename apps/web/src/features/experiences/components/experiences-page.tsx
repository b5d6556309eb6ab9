import { PlusOutlined } from '@ant-design/icons';
import { experienceRowSchema, type ExperienceRow, type MeasurementType } from '@loupe/contracts';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { usePageTitle } from '../../../lib/page-title';
import { EXPERIENCES_ENDPOINT } from '../api/metadata-keys';
import { DeleteExperienceButton } from './delete-buttons';
import { useMeasurementTypeName } from './measurement-type';
import styles from './metadata.module.css';

/** `/experiences` (metadata:manage): the system experiences every tenant shares and the tenant's own. */
export function ExperiencesPage() {
  const { t } = useTranslation('experiences');
  const navigate = useNavigate();
  const typeName = useMeasurementTypeName();
  usePageTitle(t('experiences.title'));

  const columns: DataGridColumn<ExperienceRow>[] = [
    { key: 'Name', title: t('experiences.fields.name'), width: 260 },
    { key: 'GroupName', title: t('experiences.fields.group'), width: 200 },
    {
      key: 'MeasurementType',
      title: t('experiences.fields.measurementType'),
      width: 180,
      render: (value) => typeName(value as MeasurementType),
    },
    {
      key: 'IsPreserved',
      title: t('experiences.fields.kind'),
      width: 140,
      render: (value) =>
        value === true ? (
          <Tag color="blue">{t('experiences.system')}</Tag>
        ) : (
          <Tag>{t('experiences.own')}</Tag>
        ),
    },
    { key: 'QuestionCount', title: t('experiences.fields.questionCount'), width: 130 },
    { key: 'Id', title: t('experiences.fields.id'), width: 100 },
    { key: 'GroupId', title: t('experiences.fields.groupId'), width: 100, defaultHidden: true },
  ];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('experiences.title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('experiences.intro')}
      </Typography.Paragraph>
      <DataGrid<ExperienceRow>
        endpoint={EXPERIENCES_ENDPOINT}
        item={experienceRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="Id asc"
        exportFileName={t('experiences.exportFileName')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/experiences/create')}>
            {t('experiences.new')}
          </Button>
        }
        onRowClick={(row) => void navigate(`/experiences/${row.Id}`)}
        rowActions={(row) =>
          row.IsPreserved ? null : (
            <DeleteExperienceButton compact record={row} disabled={row.QuestionCount > 0} />
          )
        }
      />
    </div>
  );
}
