import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UserDetail } from '@loupe/contracts';
import { Alert, Button, Card, Descriptions, Result, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/page-title';
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

/** The id in `/users/:id`, or null when it cannot be one. */
function userId(param: string): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function UserRecordPage({ kind }: { kind: UserKindInfo }) {
  const { id } = useParams();
  const { t } = useTranslation('users');
  const { t: tCommon } = useTranslation();
  const access = useUserAccess(kind);
  const numericId = id === undefined ? undefined : userId(id);
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
  } else if (numericId === null || (query.error instanceof ApiError && query.error.status === 404)) {
    body = <Result status="404" title={t('notFound')} />;
  } else if (query.isError) {
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={t('loadFailed')}
        description={errorMessage(query.error, tCommon)}
        action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  } else {
    body = <Spin description={tCommon('common.loading')} />;
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        <Link to={kind.path}>
          <ArrowLeftOutlined /> {t(test ? 'actions.backToTestUsers' : 'actions.backToUsers')}
        </Link>
      </header>
      {body}
    </div>
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
