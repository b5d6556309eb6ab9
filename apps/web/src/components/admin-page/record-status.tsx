import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { AdminPage, type AdminPageProps } from './admin-page';

/** What of a record query the status needs (a TanStack `useQuery` result fits). */
export type RecordQuery<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'refetch'>;

/** The props of {@link RecordStatus}. */
export type RecordStatusProps = {
  /** The record's query; null when the route's id is not an id (shown as not found). */
  query: RecordQuery<unknown> | null;
  /** "The role was not found.", already translated. */
  notFound: string;
  /** "The role could not be loaded.", already translated; the failure's own text goes under it. */
  loadFailed: string;
};

/**
 * What a record page shows until its record is there: a spinner, "not found" (404 or an id that cannot be
 * one), or the failure, translated, with a retry.
 */
export function RecordStatus({ query, notFound, loadFailed }: RecordStatusProps) {
  const { t } = useTranslation();
  if (query === null || (query.error instanceof ApiError && query.error.status === 404))
    return <Result status="404" title={notFound} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={loadFailed}
        description={errorMessage(query.error, t)}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return <Spin description={t('common.loading')} />;
}

/** The props of {@link RecordLoader}: the page's frame, the status texts, the query and the page to render. */
export type RecordLoaderProps<T> = Omit<AdminPageProps, 'children'> &
  Omit<RecordStatusProps, 'query'> & {
    /** The record's query; null when the route's id is not an id. */
    query: RecordQuery<T> | null;
    /** The page once the record is there (usually its form, keyed by the record's id). */
    children: (record: T) => ReactNode;
  };

/**
 * An edit page's loader: `children(record)` once the record is there, else the page's frame (heading, way
 * back) over its {@link RecordStatus}.
 *
 * @example
 * ```tsx
 * if (id === undefined) return <RoleForm />;
 * return (
 *   <RecordLoader query={id === null ? null : query} title={t('title')} back={back} size="medium"
 *     notFound={t('notFound')} loadFailed={t('record.loadFailed')}>
 *     {(role) => <RoleForm key={role.Id} role={role} />}
 *   </RecordLoader>
 * );
 * ```
 */
export function RecordLoader<T>({ query, notFound, loadFailed, children, ...page }: RecordLoaderProps<T>) {
  if (query?.data !== undefined) return children(query.data);
  return (
    <AdminPage {...page}>
      <RecordStatus query={query} notFound={notFound} loadFailed={loadFailed} />
    </AdminPage>
  );
}
