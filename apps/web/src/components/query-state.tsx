import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/** What of a query the states need (a TanStack `useQuery` result fits). */
export type LoadQuery<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'refetch'>;

/** A query's failure: the screen's own title, the failure's text translated under it, and a retry. */
export function LoadFailed({
  query,
  title,
}: {
  query: { error: unknown; refetch: () => unknown };
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      role="alert"
      showIcon
      title={title}
      description={errorMessage(query.error, t)}
      action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
    />
  );
}

/**
 * A screen's figures once its query has them: the failure with a retry ({@link LoadFailed}) when it failed, a
 * spinner until the first answer, then `children(data)`.
 */
export function QueryState<T>({
  query,
  loadFailed,
  children,
}: {
  query: LoadQuery<T>;
  /** "The statistics could not be loaded.", already translated. */
  loadFailed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <LoadFailed query={query} title={loadFailed} />;
  if (query.data === undefined) return <Spin description={t('common.loading')} />;
  return children(query.data);
}
