import { DeleteOutlined, EditOutlined, FolderOpenOutlined, TeamOutlined } from '@ant-design/icons';
import { reportListRowSchema, type ReportListRow } from '@loupe/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { gridQueryKey } from '@/components/data-grid/grid-query';
import { displayTitle } from '@/lib/display-title';
import { usePageTitle } from '@/lib/page-title';
import { useReport } from '../api/get-report';
import { useDeleteReport } from './delete-report';
import { ReportDialog } from './report-dialog';
import { RoleAssignmentDialog } from './role-assignment-dialog';

const ENDPOINT = '/api/report-list';
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

type Dialog = { kind: 'rename' | 'roles'; id: number } | null;

/**
 * `/report-list` (report:manage, issue 20 item 9): the reports the caller sees with category, widget count,
 * roles, the scoped-data flag and the last change. A row opens its report; its actions rename (the report
 * dialog), assign roles (the role dialog) and delete (after a confirmation), as the report page's edit menu does.
 */
export function ReportListPage() {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  usePageTitle(t('list.title'));
  // A `{{{key}}}` title (the demo's) in the interface language, as the menu and the report page show it.
  const titleOf = (title: string) =>
    displayTitle(title, (key) => t(key as 'list.title', { defaultValue: key }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: gridQueryKey(ENDPOINT) });
  const { confirmDelete } = useDeleteReport(refresh);
  const close = () => {
    setDialog(null);
    void refresh();
  };

  const columns: DataGridColumn<ReportListRow>[] = [
    {
      key: 'Title',
      title: t('list.fields.title'),
      width: 220,
      render: (value) => titleOf(String(value)),
    },
    { key: 'Category', title: t('list.fields.category'), width: 150 },
    { key: 'WidgetCount', title: t('list.fields.widgetCount'), width: 100 },
    {
      key: 'RoleNames',
      title: t('list.fields.roles'),
      width: 220,
      render: (value) => {
        const names = value as string[];
        return names.length === 0 ? (
          <Tag>{t('list.noRole')}</Tag>
        ) : (
          <Space size={[4, 4]} wrap>
            {names.map((name) => (
              <Tag key={name}>{name}</Tag>
            ))}
          </Space>
        );
      },
    },
    {
      key: 'ScopedData',
      title: t('list.fields.scopedData'),
      width: 110,
      render: (value) => (value === true ? <Tag color="blue">{t('list.scoped')}</Tag> : t('list.notScoped')),
    },
    {
      key: 'UpdatedAt',
      title: t('list.fields.updatedAt'),
      width: 150,
      render: (value) => dayjs(value as string).format(DATE_TIME_FORMAT),
    },
    { key: 'Id', title: t('list.fields.id'), width: 90, defaultHidden: true },
  ];

  const action = (label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={label}>
      <Button type="text" size="small" danger={danger} icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );

  return (
    <AdminPage title={t('list.title')} intro={t('list.intro')}>
      <DataGrid<ReportListRow>
        endpoint={ENDPOINT}
        item={reportListRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="Title"
        defaultOrder="Title asc"
        exportFileName={t('list.exportFileName')}
        onRowClick={(row) => void navigate(`/reports/${row.Slug}`)}
        rowActions={(row) => {
          const title = titleOf(row.Title);
          return (
            <Space size={0}>
              {action(
                t('list.actions.open', { title }),
                <FolderOpenOutlined aria-hidden="true" />,
                () => void navigate(`/reports/${row.Slug}`),
              )}
              {action(t('list.actions.rename', { title }), <EditOutlined aria-hidden="true" />, () =>
                setDialog({ kind: 'rename', id: row.Id }),
              )}
              {action(t('list.actions.roles', { title }), <TeamOutlined aria-hidden="true" />, () =>
                setDialog({ kind: 'roles', id: row.Id }),
              )}
              {action(
                t('list.actions.delete', { title }),
                <DeleteOutlined aria-hidden="true" />,
                () => confirmDelete({ Id: row.Id, Title: title }),
                true,
              )}
            </Space>
          );
        }}
      />
      {dialog?.kind === 'rename' && <RenameDialog id={dialog.id} onClose={close} />}
      {dialog?.kind === 'roles' && <RoleAssignmentDialog open reportId={dialog.id} onClose={close} />}
    </AdminPage>
  );
}

/** The report dialog on the report's General tab, once its detail has loaded (a placeholder meanwhile). */
function RenameDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: report } = useReport(id);
  return <ReportDialog open mode="edit" report={report} onClose={onClose} onSaved={onClose} />;
}
