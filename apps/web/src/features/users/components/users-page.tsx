import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { TestUserListItem, UserListItem } from '@loupe/contracts';
import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/admin-page/list-page';
import { recordUrl } from '@/components/admin-page/record-id';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { useUserAccess, type UserAccess } from '../hooks/use-user-access';
import { TEST_USERS, USERS, type UserKindConfig, type UserKindInfo } from '../user-kind';
import { UserActiveButton } from './user-active-button';
import { formatDate, securityLevelKey } from './user-format';

/** `/users` (user:read or user:manage): the tenant's users (every tenant's for a tenantless Alterna user). */
export function UsersPage() {
  const { t } = useTranslation('users');
  return (
    <UserListPage<UserListItem>
      kind={USERS}
      title={t('title')}
      exportFileName={t('exportFileName')}
      moreColumns={(access) => [
        {
          key: 'TenantName',
          title: t('fields.tenant'),
          width: 180,
          defaultHidden: access.actorTenantId !== null,
        },
        {
          key: 'TrialExpireDate',
          title: t('fields.trialExpireDate'),
          width: 150,
          defaultHidden: true,
          render: (value) => formatDate(value),
        },
      ]}
    />
  );
}

/** `/test-users` (user:test): the tenant's test users. */
export function TestUsersPage() {
  const { t } = useTranslation('users');
  return (
    <UserListPage<TestUserListItem>
      kind={TEST_USERS}
      title={t('testTitle')}
      exportFileName={t('testExportFileName')}
    />
  );
}

/** A list of users of one kind: the common columns (then `moreColumns`), "New" and the row actions. */
function UserListPage<T extends TestUserListItem>({
  kind,
  title,
  exportFileName,
  moreColumns,
}: {
  kind: UserKindConfig<T>;
  title: string;
  exportFileName: string;
  /** The kind's own columns, after the common ones. */
  moreColumns?: (access: UserAccess) => DataGridColumn<T>[];
}) {
  const list = useUserList<T>(kind);
  // Every field of the test-user row is a field of T, which extends it.
  const field = (name: Extract<keyof TestUserListItem, string>) => name as Extract<keyof T, string>;
  return (
    <ListPage<T>
      title={title}
      path={kind.path}
      newLabel={list.newLabel}
      endpoint={kind.endpoint}
      item={kind.item}
      rowKey={field('Id')}
      columns={[...list.columns, ...(moreColumns?.(list.access) ?? [])]}
      searchField={field('UserName')}
      defaultOrder="UserName asc"
      exportFileName={exportFileName}
      rowActions={list.rowActions}
    />
  );
}

/** A column of a field both lists have (a test-user row is a user row without tenant and trial). */
type CommonColumn = Omit<DataGridColumn<TestUserListItem>, 'key' | 'render'> & {
  key: Extract<keyof TestUserListItem, string>;
  render?: (value: unknown) => ReactNode;
};

/** The columns, the "New" button's text and the row actions both lists share. */
function useUserList<T extends TestUserListItem>(kind: UserKindInfo) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const access = useUserAccess(kind);
  const test = kind.kind === 'testUser';

  const common: CommonColumn[] = [
    { key: 'UserName', title: t('fields.userName'), width: 180 },
    { key: 'FullName', title: t('fields.fullName'), width: 200 },
    { key: 'Email', title: t('fields.email'), width: 240 },
    { key: 'RoleName', title: t('fields.role'), width: 180 },
    { key: 'Roles', title: t('fields.roles'), width: 260, defaultHidden: true },
    {
      key: 'SecurityLevel',
      title: t('fields.securityLevel'),
      width: 150,
      render: (level) => t(securityLevelKey(level)),
    },
    {
      key: 'IsActive',
      title: t('fields.status'),
      width: 120,
      render: (active) => (
        <Tag color={active === true ? 'success' : 'default'}>
          {t(active === true ? 'status.active' : 'status.inactive')}
        </Tag>
      ),
    },
    { key: 'MSISDN', title: t('fields.msisdn'), width: 160, defaultHidden: true },
    { key: 'Title', title: t('fields.title'), width: 160, defaultHidden: true },
    { key: 'Department', title: t('fields.department'), width: 160, defaultHidden: true },
    { key: 'Language', title: t('fields.language'), width: 110, defaultHidden: true },
    {
      key: 'TwoFactorEnabled',
      title: t('fields.twoFactorEnabled'),
      width: 150,
      defaultHidden: true,
      render: (on) => t(on === true ? 'twoFactor.on' : 'twoFactor.off'),
    },
    { key: 'CreatedDate', title: t('fields.createdDate'), width: 140, render: (value) => formatDate(value) },
  ];
  // Every common key is a key of T too (T extends the test-user row).
  const columns = common.map((column) => ({ ...column, key: column.key as Extract<keyof T, string> }));

  const open = (row: T) => void navigate(recordUrl(kind.path, row.Id));
  const newLabel = access.canWrite && t(test ? 'newTest' : 'new');

  const rowActions = (row: T) => {
    const label = t(access.canWrite ? 'actions.editUser' : 'actions.viewUser', { name: row.UserName });
    return (
      <>
        <Button
          type="text"
          icon={access.canWrite ? <EditOutlined /> : <EyeOutlined />}
          aria-label={label}
          title={label}
          onClick={() => open(row)}
        />
        {access.canWrite && row.Id !== access.actorId && (
          <UserActiveButton compact kind={kind.kind} user={row} />
        )}
      </>
    );
  };

  return { access, columns, newLabel, rowActions };
}
