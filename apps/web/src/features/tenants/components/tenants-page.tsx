import { tenantListItemSchema, type TenantListItem } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { TENANTS_ENDPOINT } from '../api/tenant-keys';
import { useIsTenantless } from '../hooks/use-is-tenantless';
import { DeleteTenantButton } from './delete-tenant-button';
import { formatDate } from './tenant-dates';

/** `/tenants` (alterna:manage): every tenant for a tenantless user, else the user's own. */
export function TenantsPage() {
  const { t } = useTranslation('tenants');
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
    <ListPage<TenantListItem>
      title={t('title')}
      intro={tenantless ? t('intro') : t('ownTenantOnly')}
      path="/tenants"
      newLabel={tenantless && t('new')}
      endpoint={TENANTS_ENDPOINT}
      item={tenantListItemSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t('exportFileName')}
      rowActions={tenantless ? (row) => <DeleteTenantButton compact record={row} /> : undefined}
    />
  );
}
