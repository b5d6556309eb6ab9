import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import styles from './clients.module.css';

/** A form page's heading with the way back to the list. */
export function RecordHeader({ title }: { title: string }) {
  const { t } = useTranslation('clients');
  return (
    <header className={styles.header}>
      <Typography.Title level={1} className={styles.title}>
        {title}
      </Typography.Title>
      <Link to="/clients">
        <ArrowLeftOutlined /> {t('back')}
      </Link>
    </header>
  );
}

/** What the edit page shows until its client is there: loading, not found, or a failure with a retry. */
export function RecordFallback({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('clients');
  const { t: tCommon } = useTranslation();
  let body: ReactNode;
  if (query.error instanceof ApiError && query.error.status === 404)
    body = <Result status="404" title={t('notFound')} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={t('record.loadFailed')}
        description={errorMessage(query.error, tCommon)}
        action={<Button onClick={() => void query.refetch()}>{t('record.retry')}</Button>}
      />
    );
  else body = <Spin description={tCommon('common.loading')} />;
  return (
    <div className={styles.page}>
      <RecordHeader title={t('title')} />
      {body}
    </div>
  );
}
