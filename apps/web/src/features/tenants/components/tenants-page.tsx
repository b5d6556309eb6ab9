import { PlusOutlined } from '@ant-design/icons';
import { tenantListItemSchema, type TenantListItem } from '@loupe/contracts';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { TENANTS_ENDPOINT } from '../api/tenant-keys';
import { useIsTenantless } from '../hooks/use-is-tenantless';
import { DeleteTenantButton } from './delete-tenant-button';
import { formatDate } from './tenant-dates';
import styles from './tenants.module.css';

/** `/tenants` (alterna:manage): every tenant for a tenantless user, else the user's own. */
export function TenantsPage() {
  const { t } = useTranslation('tenants');
  const navigate = useNavigate();
  const tenantless = useIsTenantless();

  const columns: DataGridColumn<TenantListItem>[] = [
    { key: 'Name', title: t('fields.name'), width: 260 },
    { key: 'UserCount', title: t('fields.userCount'), width: 120 },
    {
      key: 'LicenseValidUntil',
      title: t('fields.licenseValidUntil'),
      width: 180,
      render: (value) => (typeof value === 'string' ? formatDate(value) : t('noLicense')),
    },
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 160,
      render: (value) => formatDate(typeof value === 'string' ? value : null),
    },
    { key: 'Id', title: t('fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {tenantless ? t('intro') : t('ownTenantOnly')}
      </Typography.Paragraph>
      <DataGrid<TenantListItem>
        endpoint={TENANTS_ENDPOINT}
        item={tenantListItemSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="Name asc"
        exportFileName={t('exportFileName')}
        toolbar={
          tenantless && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/tenants/create')}>
              {t('new')}
            </Button>
          )
        }
        onRowClick={(row) => void navigate(`/tenants/${row.Id}`)}
        rowActions={tenantless ? (row) => <DeleteTenantButton compact tenant={row} /> : undefined}
      />
    </div>
  );
}
