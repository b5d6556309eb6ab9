import type { UserDetail } from '@loupe/contracts';
import { Alert, Card, Descriptions, Result, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { RecordStatus } from '@/components/admin-page/record-status';
import { usePageTitle } from '@/lib/page-title';
import { useUser } from '../api/get-user';
import { useUserAccess, type UserAccess } from '../hooks/use-user-access';
import { TEST_USERS, USERS, type UserKindInfo } from '../user-kind';
import { UserActiveButton } from './user-active-button';
import { UserForm } from './user-form';
import { formatDate, securityLevelKey } from './user-format';
import styles from './users.module.css';

/** `/users/create` and `/users/:id`. */
export function UserPage() {
  return <UserRecordPage kind={USERS} />;
}

/** `/test-users/create` and `/test-users/:id`. */
export function TestUserPage() {
  return <UserRecordPage kind={TEST_USERS} />;
}

function UserRecordPage({ kind }: { kind: UserKindInfo }) {
  const { t } = useTranslation('users');
  const access = useUserAccess(kind);
  const numericId = recordIdOf(useParams().id);
  const query = useUser(kind.kind, numericId ?? undefined);
  const test = kind.kind === 'testUser';
  const user = numericId !== null ? query.data : undefined;

  let title: string;
  if (numericId === undefined) title = t(test ? 'testCreateTitle' : 'createTitle');
  else if (user) title = t(test ? 'testEditTitle' : 'editTitle', { name: user.UserName });
  else title = t(test ? 'testTitle' : 'title');
  usePageTitle(title);

  let body: ReactNode;
  if (numericId === undefined) {
    body = access.canWrite ? (
      <UserForm kind={kind} access={access} listPath={kind.path} />
    ) : (
      <Result status="403" title={t('createNotAllowed')} />
    );
  } else if (user) {
    body = (
      <>
        <UserFacts kind={kind} access={access} user={user} />
        <UserForm key={user.Id} kind={kind} access={access} user={user} listPath={kind.path} />
      </>
    );
  } else {
    body = (
      <RecordStatus
        query={numericId === null ? null : query}
        notFound={t('notFound')}
        loadFailed={t('loadFailed')}
      />
    );
  }

  return (
    <AdminPage
      title={title}
      back={{ to: kind.path, label: t(test ? 'actions.backToTestUsers' : 'actions.backToUsers') }}
      size="large"
    >
      {body}
    </AdminPage>
  );
}

/** What the form does not edit: status (with activate/deactivate), level, two-step verification, dates. */
function UserFacts({ kind, access, user }: { kind: UserKindInfo; access: UserAccess; user: UserDetail }) {
  const { t } = useTranslation('users');
  return (
    <Card>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('fields.status')}>
          <Tag color={user.IsActive ? 'success' : 'default'}>
            {t(user.IsActive ? 'status.active' : 'status.inactive')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.securityLevel')}>
          {t(securityLevelKey(user.SecurityLevel))}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.twoFactorEnabled')}>
          {t(user.TwoFactorEnabled ? 'twoFactor.on' : 'twoFactor.off')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.createdDate')}>{formatDate(user.CreatedDate)}</Descriptions.Item>
      </Descriptions>
      {user.PasswordExpired && (
        <Alert className={styles.factsAlert} type="warning" showIcon title={t('passwordExpired')} />
      )}
      {access.canWrite && user.Id !== access.actorId && (
        <div className={`${styles.buttons} ${styles.factsButtons}`}>
          <UserActiveButton kind={kind.kind} user={user} />
        </div>
      )}
    </Card>
  );
}
