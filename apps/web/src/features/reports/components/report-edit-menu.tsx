import {
  DeleteOutlined,
  EditOutlined,
  FilterOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReportDetail } from '@loupe/contracts';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteReport } from './delete-report';
import { ReportDialog, type SavedReport } from './report-dialog';
import { RoleAssignmentDialog } from './role-assignment-dialog';

/** 'filters' is the report dialog too, opened with its fixed-filter section unfolded. */
type OpenDialog = 'edit' | 'filters' | 'roles' | null;

/**
 * The report's edit menu (reports spec §2; report:manage): rename and the report filter dialog (both the report
 * dialog, which opens on its General tab with the filters), assign role, delete.
 */
export function ReportEditMenu({
  report,
  title,
  onSaved,
}: {
  report: ReportDetail;
  /** The title as shown (a translation-key title translated). */
  title: string;
  onSaved: (saved: SavedReport) => void;
}) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState<OpenDialog>(null);
  const { confirmDelete } = useDeleteReport();

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'rename', icon: <EditOutlined aria-hidden="true" />, label: t('page.menu.rename') },
            { key: 'filters', icon: <FilterOutlined aria-hidden="true" />, label: t('page.menu.filters') },
            { key: 'roles', icon: <TeamOutlined aria-hidden="true" />, label: t('page.menu.roles') },
            { type: 'divider' },
            {
              key: 'delete',
              icon: <DeleteOutlined aria-hidden="true" />,
              danger: true,
              label: t('page.menu.delete'),
            },
          ],
          onClick: ({ key }) => {
            if (key === 'rename') setOpen('edit');
            else if (key === 'filters') setOpen('filters');
            else if (key === 'roles') setOpen('roles');
            else if (key === 'delete') confirmDelete({ Id: report.Id, Title: title });
          },
        }}
      >
        <Button icon={<SettingOutlined aria-hidden="true" />}>{t('page.menu.label')}</Button>
      </Dropdown>
      {(open === 'edit' || open === 'filters') && (
        <ReportDialog
          open
          mode="edit"
          report={report}
          filtersOpen={open === 'filters'}
          onClose={() => setOpen(null)}
          onSaved={onSaved}
        />
      )}
      {open === 'roles' && <RoleAssignmentDialog open reportId={report.Id} onClose={() => setOpen(null)} />}
    </>
  );
}
