import { ftpExportSchema, type FtpExport } from '@loupe/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { FTP_EXPORTS_ENDPOINT } from '../api/ftp-exports';
import { DeleteFtpExportButton } from './delete-ftp-export-button';

export const FTP_EXPORTS_PATH = '/export-ftp-surveys-answer';

/** The console's date and time (shell spec §9 date format, with the time). */
export const formatDateTime = (value: unknown) =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';

/** Left to right whatever the page's direction: addresses, paths and cron expressions. */
const ltr = (value: unknown) => <bdi dir="ltr">{typeof value === 'string' ? value : ''}</bdi>;

/**
 * `/export-ftp-surveys-answer`: the scheduled FTP exports of survey answers (scope surveyanswers), with the spec's
 * list fields; a row opens `/export-ftp-surveys-answer/{id}`.
 */
export function FtpExportsPage() {
  const { t } = useTranslation('ftpExports');
  const navigate = useNavigate();
  const columns: DataGridColumn<FtpExport>[] = [
    { key: 'Name', title: t('fields.name'), width: 220 },
    { key: 'CronExpression', title: t('fields.cronExpression'), width: 150, render: ltr },
    { key: 'CreatedDate', title: t('fields.createdDate'), width: 160, render: formatDateTime },
    { key: 'LastUploadDate', title: t('fields.lastUploadDate'), width: 160, render: formatDateTime },
    {
      key: 'IsActive',
      title: t('fields.isActive'),
      width: 110,
      render: (value) =>
        value ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    { key: 'FtpUrl', title: t('fields.ftpUrl'), width: 220, render: ltr },
    { key: 'FtpFolderPath', title: t('fields.ftpFolderPath'), width: 160, render: ltr },
    { key: 'FtpUsername', title: t('fields.ftpUsername'), width: 140, render: ltr },
    {
      key: 'HasPassword',
      title: t('fields.ftpPassword'),
      width: 110,
      sortable: false,
      defaultHidden: true,
      render: (value) => (value ? '••••••' : ''),
    },
    {
      key: 'SurveyIds',
      title: t('fields.surveyIds'),
      width: 110,
      sortable: false,
      defaultHidden: true,
      render: (value) => (Array.isArray(value) ? value.length : ''),
    },
    {
      key: 'UserIds',
      title: t('fields.userIds'),
      width: 110,
      sortable: false,
      defaultHidden: true,
      render: (value) => (Array.isArray(value) ? value.length : ''),
    },
    {
      key: 'CreateUniqueFolderForEachTransfer',
      title: t('fields.uniqueFolder'),
      width: 120,
      sortable: false,
      defaultHidden: true,
      render: (value) => (value ? t('yes') : t('no')),
    },
    { key: 'FileFormat', title: t('fields.fileFormat'), width: 100, defaultHidden: true },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<FtpExport>
        endpoint={FTP_EXPORTS_ENDPOINT}
        item={ftpExportSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="CreatedDate desc"
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        toolbar={<NewRecordButton path={FTP_EXPORTS_PATH} label={t('new')} />}
        onRowClick={(row) => void navigate(`${FTP_EXPORTS_PATH}/${row.Id}`)}
        rowActions={(row) => <DeleteFtpExportButton compact ftpExport={row} />}
      />
    </AdminPage>
  );
}
