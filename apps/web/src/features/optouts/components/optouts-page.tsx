import { OPTOUT_SOURCES, optoutSchema, type Optout } from '@loupe/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { OPTOUTS_ENDPOINT } from '../api/optouts';
import { DeleteOptoutButton } from './delete-optout-button';

export const OPTOUTS_PATH = '/optouts';

/** The console's date and time (shell spec §9 date format, with the time). */
export const formatDateTime = (value: unknown) =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';

/** `/optouts`: the customers who asked for no more surveys (scope optout); a row opens `/optouts/{id}/edit`. */
export function OptoutsPage() {
  const { t } = useTranslation('optouts');
  const navigate = useNavigate();
  const columns: DataGridColumn<Optout>[] = [
    { key: 'Email', title: t('fields.email'), width: 240 },
    { key: 'Msisdn', title: t('fields.msisdn'), width: 160 },
    { key: 'Reason', title: t('fields.reason'), width: 240 },
    {
      key: 'IsActive',
      title: t('fields.status'),
      width: 120,
      render: (value) =>
        value ? <Tag color="red">{t('status.active')}</Tag> : <Tag>{t('status.expired')}</Tag>,
    },
    {
      key: 'UntilDate',
      title: t('fields.untilDate'),
      width: 170,
      render: (value, row) => (row.IsForever ? t('forever') : formatDateTime(value)),
    },
    {
      key: 'Source',
      title: t('fields.source'),
      width: 150,
      render: (value) =>
        OPTOUT_SOURCES.some((source) => source === value)
          ? t(`sources.${value as (typeof OPTOUT_SOURCES)[number]}`)
          : String(value),
    },
    { key: 'CreatedAt', title: t('fields.createdAt'), width: 160, render: (value) => formatDateTime(value) },
    { key: 'IsForever', title: t('fields.isForever'), width: 100, defaultHidden: true },
    { key: 'Id', title: t('fields.id'), width: 90, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<Optout>
        endpoint={OPTOUTS_ENDPOINT}
        item={optoutSchema}
        rowKey="Id"
        columns={columns}
        searchField="Email"
        defaultOrder="CreatedAt desc"
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        toolbar={<NewRecordButton path={OPTOUTS_PATH} label={t('new')} />}
        onRowClick={(row) => void navigate(`${OPTOUTS_PATH}/${row.Id}/edit`)}
        rowActions={(row) => <DeleteOptoutButton compact optout={row} />}
      />
    </AdminPage>
  );
}
