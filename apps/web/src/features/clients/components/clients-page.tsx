import { PlusOutlined } from '@ant-design/icons';
import { CONSOLE_CLIENT_ID, clientListItemSchema, type ClientListItem } from '@loupe/contracts';
import { Button, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { usePageTitle } from '../../../lib/page-title';
import { CLIENTS_ENDPOINT } from '../api/client-keys';
import { useCanManageClients } from './client-access';
import { ActiveTag, useApplicationTypeName } from './client-type';
import styles from './clients.module.css';
import { DeleteClientButton } from './delete-client-button';

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** `/clients` (client:read, client:manage): the OAuth clients of the tenant; secrets are never listed. */
export function ClientsPage() {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
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
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('intro')}
      </Typography.Paragraph>
      <DataGrid<ClientListItem>
        endpoint={CLIENTS_ENDPOINT}
        item={clientListItemSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="Name asc"
        exportFileName={t('exportFileName')}
        toolbar={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/clients/create')}>
              {t('new')}
            </Button>
          )
        }
        onRowClick={(row) => void navigate(`/clients/${encodeURIComponent(row.Id)}`)}
        rowActions={
          canManage
            ? (row) => (row.Id === CONSOLE_CLIENT_ID ? null : <DeleteClientButton compact client={row} />)
            : undefined
        }
      />
    </div>
  );
}
