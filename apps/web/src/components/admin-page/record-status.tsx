import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { LoadFailed, type LoadQuery } from '../query-state';
import { AdminPage, type AdminPageProps } from './admin-page';
import { recordIdOf, type RecordId } from './record-id';

/** What of a record query the status needs (a TanStack `useQuery` result fits). */
export type RecordQuery<T> = LoadQuery<T>;

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
  if (query.isError) return <LoadFailed query={query} title={loadFailed} />;
  return <Spin description={t('common.loading')} />;
}

/**
 * The record of a `{list}/create` or `{list}/:id` route: undefined on the create route, null when `:id` cannot be
 * a record id (shown as not found), else the record's query.
 */
export type RouteRecord<T> = RecordQuery<T> | null | undefined;

/**
 * The {@link RouteRecord} of the current route, `useRecord` being the feature's query hook of one record (it
 * makes no call for an undefined id). A numeric id is read with {@link recordIdOf}; a text id (a client's) with
 * `idOf`, e.g. `(param) => param`.
 */
export function useRouteRecord<T>(useRecord: (id: number | undefined) => RecordQuery<T>): RouteRecord<T>;
export function useRouteRecord<T, Id extends RecordId>(
  useRecord: (id: Id | undefined) => RecordQuery<T>,
  idOf: (param: string | undefined) => Id | null | undefined,
): RouteRecord<T>;
export function useRouteRecord<T, Id extends RecordId>(
  useRecord: (id: Id | undefined) => RecordQuery<T>,
  idOf?: (param: string | undefined) => Id | null | undefined,
): RouteRecord<T> {
  const param = useParams().id;
  // Without idOf the first overload holds: the hook takes a number.
  const id = idOf ? idOf(param) : (recordIdOf(param) as Id | null | undefined);
  const query = useRecord(id ?? undefined);
  if (id === undefined) return undefined;
  return id === null ? null : query;
}

/** The props of {@link RecordLoader}: the page's frame, the status texts, the query and the page to render. */
export type RecordLoaderProps<T> = Omit<AdminPageProps, 'children'> &
  Omit<RecordStatusProps, 'query'> & {
    /** The route's record ({@link useRouteRecord}). */
    query: RouteRecord<T>;
    /** The page: its form, empty on the create route, else keyed by the record's id once the record is there. */
    children: (record: T | undefined) => ReactNode;
  };

/**
 * A record page: on the create route `children(undefined)` at once; on an edit route `children(record)` once the
 * record is there, else the page's frame (heading, way back) over its {@link RecordStatus}.
 *
 * @example
 * ```tsx
 * return (
 *   <RecordLoader query={useRouteRecord(useRole)} title={t('title')} back={back} size="medium"
 *     notFound={t('notFound')} loadFailed={t('record.loadFailed')}>
 *     {(role) => <RoleForm key={role?.Id} role={role} />}
 *   </RecordLoader>
 * );
 * ```
 */
export function RecordLoader<T>({ query, notFound, loadFailed, children, ...page }: RecordLoaderProps<T>) {
  if (query === undefined) return children(undefined);
  if (query?.data !== undefined) return children(query.data);
  return (
    <AdminPage {...page}>
      <RecordStatus query={query} notFound={notFound} loadFailed={loadFailed} />
    </AdminPage>
  );
}
