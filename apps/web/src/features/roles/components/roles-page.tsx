import { PlusOutlined } from '@ant-design/icons';
import { SecurityLevel, roleListItemSchema, type RoleListItem } from '@loupe/contracts';
import { Button, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { usePageTitle } from '../../../lib/page-title';
import { ROLES_ENDPOINT } from '../api/role-keys';
import { DeleteRoleButton } from './delete-role-button';
import { useRoleAccess } from './role-access';
import styles from './roles.module.css';
import { SecurityLevelTag } from './security-level';

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** `/roles` (role:read, role:manage): the tenant's roles with their level, scope and user counts. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
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
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('intro')}
      </Typography.Paragraph>
      <DataGrid<RoleListItem>
        endpoint={ROLES_ENDPOINT}
        item={roleListItemSchema}
        rowKey="Id"
        columns={columns}
        searchField="Name"
        defaultOrder="Name asc"
        exportFileName={t('exportFileName')}
        toolbar={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/roles/create')}>
              {t('new')}
            </Button>
          )
        }
        onRowClick={(row) => void navigate(`/roles/${row.Id}`)}
        rowActions={
          canManage
            ? (row) =>
                row.SecurityLevel === SecurityLevel.Alterna ? null : <DeleteRoleButton compact role={row} />
            : undefined
        }
      />
    </div>
  );
}
