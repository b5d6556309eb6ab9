import { CONSOLE_CLIENT_ID, clientListItemSchema, type ClientListItem } from '@loupe/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { CLIENTS_ENDPOINT } from '../api/client-keys';
import { useCanManageClients } from './client-access';
import { ActiveTag, useApplicationTypeName } from './client-type';
import { DeleteClientButton } from './delete-client-button';

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** `/clients` (client:read, client:manage): the OAuth clients of the tenant; secrets are never listed. */
export function ClientsPage() {
  const { t } = useTranslation('clients');
  const canManage = useCanManageClients();
  const typeName = useApplicationTypeName();
  usePageTitle(t('title'));

  const columns: DataGridColumn<ClientListItem>[] = [
    { key: 'Id', title: t('fields.id'), width: 200 },
    { key: 'Name', title: t('fields.name'), width: 240 },
    {
      key: 'ApplicationType',
      title: t('fields.applicationType'),
      width: 150,
      render: (value) => typeName(value as number),
    },
    {
      key: 'Active',
      title: t('fields.active'),
      width: 120,
      render: (value) => <ActiveTag active={value === true} />,
    },
    { key: 'AllowedOrigin', title: t('fields.allowedOrigin'), width: 220 },
    { key: 'AccessTokenLifeTime', title: t('fields.accessTokenLifeTime'), width: 160, defaultHidden: true },
    { key: 'RefreshTokenLifeTime', title: t('fields.refreshTokenLifeTime'), width: 160, defaultHidden: true },
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 170,
      render: (value) => dayjs(value as string).format(DATE_TIME_FORMAT),
    },
  ];

  return (
    <ListPage<ClientListItem>
      title={t('title')}
      intro={t('intro')}
      path="/clients"
      newLabel={canManage && t('new')}
      endpoint={CLIENTS_ENDPOINT}
      item={clientListItemSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t('exportFileName')}
      rowActions={
        canManage
          ? (row) => (row.Id === CONSOLE_CLIENT_ID ? null : <DeleteClientButton compact record={row} />)
          : undefined
      }
    />
  );
}
