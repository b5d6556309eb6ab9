import { aiAnnotationTaskSchema, type AiAnnotationTask } from '@loupe/contracts';
import { Button, Progress, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { tasksEndpoint, useWork } from '../api/annotation-works';
import { annotatePath, tasksPath, workPath, WORKS_PATH } from '../paths';
import { DeleteTaskButton } from './delete-task-button';
import { useCaller } from './work-labels';

/**
 * `/ai-annotation-works/{id}/annotation-tasks`: the work's tasks with their annotators and progress. A task of the
 * caller's annotator has an Annotate action, which opens the one-comment-at-a-time screen.
 */
export function TasksPage() {
  const { t } = useTranslation('aiAnnotation');
  const navigate = useNavigate();
  const workId = recordIdOf(useParams().id) ?? 0;
  const work = useWork(workId || undefined).data;
  const { userId, canManage } = useCaller();
  const isMine = (task: AiAnnotationTask) =>
    task.Annotators.some((a) => a.UserId !== null && a.UserId === userId);
  const columns: DataGridColumn<AiAnnotationTask>[] = [
    { key: 'Name', title: t('tasks.fields.name'), width: 200 },
    {
      key: 'Annotators',
      title: t('tasks.fields.annotators'),
      width: 260,
      sortable: false,
      render: (_value, row) => row.Annotators.map((a) => `${a.Name} (${a.LabelledCount})`).join(', '),
    },
    { key: 'TargetCount', title: t('tasks.fields.targetCount'), width: 140 },
    {
      key: 'ExpireDate',
      title: t('tasks.fields.expireDate'),
      width: 160,
      render: (_value, row) =>
        row.IsExpired ? (
          <Tag color="red">{t('tasks.expired')}</Tag>
        ) : row.ExpireDate ? (
          dayjs(row.ExpireDate).format('DD/MM/YYYY HH:mm')
        ) : (
          t('tasks.never')
        ),
    },
    {
      key: 'Progress',
      title: t('tasks.fields.progress'),
      width: 160,
      sortable: false,
      render: (value) => <Progress percent={Math.round(Number(value) * 100)} size="small" />,
    },
  ];
  const title = t('tasks.title', { name: work?.Name ?? '' });
  return (
    <AdminPage
      title={title}
      intro={t('tasks.intro')}
      back={{ to: workId ? workPath(workId) : WORKS_PATH, label: t('back') }}
    >
      <DataGrid<AiAnnotationTask>
        endpoint={tasksEndpoint(workId)}
        item={aiAnnotationTaskSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="CreatedDate desc"
        empty={t('tasks.empty')}
        toolbar={
          canManage && (
            <Space wrap>
              <Button type="primary" onClick={() => void navigate(`${tasksPath(workId)}/create`)}>
                {t('tasks.new')}
              </Button>
              <Button onClick={() => void navigate(`${tasksPath(workId)}/upload`)}>
                {t('actions.upload')}
              </Button>
            </Space>
          )
        }
        onRowClick={(row) => void navigate(`${tasksPath(workId)}/${row.Id}`)}
        rowActions={(row) => (
          <Space size="small" wrap>
            {isMine(row) && (
              <Button size="small" type="primary" onClick={() => void navigate(annotatePath(workId, row.Id))}>
                {t('actions.annotate')}
              </Button>
            )}
            {canManage && <DeleteTaskButton compact task={row} />}
          </Space>
        )}
      />
    </AdminPage>
  );
}
