import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import styles from './integrations.module.css';
import { LoadFailed } from '@/components/query-state';

/** The props of {@link RecordList}; every text already translated. */
type RecordListProps<T> = {
  title: string;
  intro: string;
  /** The list's route: "New" opens `{path}/create`. */
  path: string;
  /** The "New" button's text; false for those who may not create. */
  newLabel: string | false;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  columns: TableColumnsType<T>;
  loadFailed: string;
  /** What an empty list says, and under it what to do (for those who may create). */
  empty: string;
  emptyHint?: string;
  /** Above the table, beside "New". */
  toolbar?: ReactNode;
};

/**
 * A list the API answers whole (a tenant has at most 1000 sources or workflows): the heading, "New", and a table
 * sorted in the browser. Each row's name is a link to its record, so keyboard users reach it by Tab.
 */
export function RecordList<T extends { Id: number }>({
  title,
  intro,
  path,
  newLabel,
  query,
  columns,
  loadFailed,
  empty,
  emptyHint,
  toolbar,
}: RecordListProps<T>) {
  return (
    <AdminPage title={title} intro={intro}>
      <div className={styles.toolbar}>
        {newLabel && <NewRecordButton path={path} label={newLabel} />}
        {toolbar}
      </div>
      {query.isError ? (
        <LoadFailed query={query} title={loadFailed} />
      ) : (
        <Table<T>
          rowKey="Id"
          size="middle"
          loading={query.isPending}
          dataSource={query.data ?? []}
          columns={columns}
          pagination={{ hideOnSinglePage: true, pageSize: 50 }}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty description={empty}>
                {newLabel && emptyHint && <p>{emptyHint}</p>}
                {newLabel && <NewRecordButton path={path} label={newLabel} />}
              </Empty>
            ),
          }}
        />
      )}
    </AdminPage>
  );
}

/** Sorts rows by a text column in the browser, in the interface's language. */
export function byText<T>(pick: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => pick(a).localeCompare(pick(b));
}
