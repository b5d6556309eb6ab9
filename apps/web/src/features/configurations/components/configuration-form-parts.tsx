import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import styles from './configurations.module.css';

/** The id in a `…/:id` route, or null when it is not a record id. */
export function recordId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A record's page: the form once the record is there, else the page's heading over a spinner, "not found" (also
 * for an id that cannot be one), or a failure with a retry.
 */
export function RecordLoader<T>({
  id,
  query,
  title,
  listPath,
  children,
}: {
  /** The parsed route id; null when the route's id is not a record id. */
  id: number | null;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  title: string;
  listPath: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('configurations');
  const { t: tCommon } = useTranslation();
  if (id !== null && query.data !== undefined) return children(query.data);
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  let body: ReactNode;
  if (notFound) body = <Result status="404" title={t('notFound')} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={t('loadFailed')}
        description={errorMessage(query.error, tCommon)}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  else body = <Spin description={tCommon('common.loading')} />;
  return (
    <div className={styles.page}>
      <FormPageHeader title={title} listPath={listPath} />
      {body}
    </div>
  );
}

function BackLink({ to }: { to: string }) {
  const { t } = useTranslation('configurations');
  return (
    <Link to={to}>
      <ArrowLeftOutlined className={styles.backIcon} /> {t('actions.back')}
    </Link>
  );
}

/** The heading of a create or edit page, with the way back to its list. */
export function FormPageHeader({ title, listPath }: { title: string; listPath: string }) {
  return (
    <header className={styles.header}>
      <Typography.Title level={1} className={styles.title}>
        {title}
      </Typography.Title>
      <BackLink to={listPath} />
    </header>
  );
}

/** Save and cancel, for those who may change configurations; `extra` (delete) goes to the end. */
export function FormButtons({
  canManage,
  saving,
  listPath,
  extra,
}: {
  canManage: boolean;
  saving: boolean;
  listPath: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('configurations');
  const navigate = useNavigate();
  if (!canManage) return null;
  return (
    <div className={styles.buttons}>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('actions.save')}
      </Button>
      <Button onClick={() => void navigate(listPath)}>{t('actions.cancel')}</Button>
      <span className={styles.spacer} />
      {extra}
    </div>
  );
}
