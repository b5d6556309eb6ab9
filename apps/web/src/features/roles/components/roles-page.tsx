import { SecurityLevel, roleListItemSchema, type RoleListItem } from '@loupe/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { ROLES_ENDPOINT } from '../api/role-keys';
import { DeleteRoleButton } from './delete-role-button';
import { useRoleAccess } from './role-access';
import { SecurityLevelTag } from './security-level';

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** `/roles` (role:read, role:manage): the tenant's roles with their level, scope and user counts. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const { canManage } = useRoleAccess();
  usePageTitle(t('title'));

  const columns: DataGridColumn<RoleListItem>[] = [
    { key: 'Name', title: t('fields.name'), width: 260 },
    {
      key: 'SecurityLevel',
      title: t('fields.securityLevel'),
      width: 170,
      render: (value) => <SecurityLevelTag level={value as SecurityLevel} />,
    },
    { key: 'ScopeCount', title: t('fields.scopeCount'), width: 120 },
    { key: 'UserCount', title: t('fields.userCount'), width: 120 },
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 170,
      render: (value) => dayjs(value).format(DATE_TIME_FORMAT),
    },
    { key: 'Id', title: t('fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<RoleListItem>
      title={t('title')}
      intro={t('intro')}
      path="/roles"
      newLabel={canManage && t('new')}
      endpoint={ROLES_ENDPOINT}
      item={roleListItemSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t('exportFileName')}
      rowActions={
        canManage
          ? (row) =>
              row.SecurityLevel === SecurityLevel.Alterna ? null : <DeleteRoleButton compact record={row} />
          : undefined
      }
    />
  );
}
