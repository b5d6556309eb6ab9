import { experienceRowSchema, type ExperienceRow, type MeasurementType } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { EXPERIENCES_ENDPOINT } from '../api/metadata-keys';
import { DeleteExperienceButton } from './delete-buttons';
import { useMeasurementTypeName } from './measurement-type';

/** `/experiences` (metadata:manage): the system experiences every tenant shares and the tenant's own. */
export function ExperiencesPage() {
  const { t } = useTranslation('experiences');
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
    <ListPage<ExperienceRow>
      title={t('experiences.title')}
      intro={t('experiences.intro')}
      path="/experiences"
      newLabel={t('experiences.new')}
      endpoint={EXPERIENCES_ENDPOINT}
      item={experienceRowSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Id asc"
      exportFileName={t('experiences.exportFileName')}
      rowActions={(row) =>
        row.IsPreserved ? null : (
          <DeleteExperienceButton compact record={row} disabled={row.QuestionCount > 0} />
        )
      }
    />
  );
}
