import { aiAnnotationWorkSchema, type AiAnnotationWork } from '@loupe/contracts';
import { Button, Progress, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DeleteNamedRecordButton } from '@/components/admin-page/confirm-action-button';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { useDeleteWork, WORKS_ENDPOINT } from '../api/annotation-works';
import { statisticsPath, tasksPath, workPath, WORKS_PATH } from '../paths';
import { StatusTag, TypeText, useCaller } from './work-labels';

/** `/ai-annotation-works`: the works with status and progress; a row opens `/ai-annotation-works/{id}`. */
export function WorksPage() {
  const { t } = useTranslation('aiAnnotation');
  const navigate = useNavigate();
  const { canManage } = useCaller();
  const deletion = useDeleteWork();
  const columns: DataGridColumn<AiAnnotationWork>[] = [
    { key: 'Name', title: t('fields.name'), width: 220 },
    {
      key: 'AnnotationType',
      title: t('fields.annotationType'),
      width: 120,
      render: (value) => <TypeText type={Number(value)} />,
    },
    { key: 'Language', title: t('fields.language'), width: 100 },
    { key: 'DatasetName', title: t('fields.dataset'), width: 200 },
    {
      key: 'Status',
      title: t('fields.status'),
      width: 120,
      render: (value) => <StatusTag status={String(value)} />,
    },
    {
      key: 'Progress',
      title: t('fields.progress'),
      width: 200,
      render: (value, row) => (
        <Progress
          percent={Math.round(Number(value) * 100)}
          size="small"
          aria-label={t('progressText', { gold: row.GoldCount, count: row.InstanceCount })}
          format={() => `${row.GoldCount} / ${row.InstanceCount}`}
        />
      ),
    },
    { key: 'AgreementLevel', title: t('fields.agreementLevel'), width: 120 },
    { key: 'TargetCount', title: t('fields.targetCount'), width: 120, defaultHidden: true },
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 160,
      render: (value) => dayjs(String(value)).format('DD/MM/YYYY HH:mm'),
    },
    { key: 'Id', title: t('fields.id'), width: 90, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<AiAnnotationWork>
        endpoint={WORKS_ENDPOINT}
        item={aiAnnotationWorkSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="CreatedDate desc"
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        toolbar={canManage && <NewRecordButton path={WORKS_PATH} label={t('new')} />}
        onRowClick={(row) => void navigate(workPath(row.Id))}
        rowActions={(row) => (
          <Space size="small" wrap>
            <Button size="small" onClick={() => void navigate(tasksPath(row.Id))}>
              {t('actions.tasks')}
            </Button>
            <Button size="small" onClick={() => void navigate(statisticsPath(row.Id))}>
              {t('actions.statistics')}
            </Button>
            {canManage && (
              <DeleteNamedRecordButton compact record={row} namespace="aiAnnotation" mutation={deletion} />
            )}
          </Space>
        )}
      />
    </AdminPage>
  );
}
