import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Input, Table, type TableColumnsType } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { recordUrl } from '@/components/admin-page/record-id';
import { errorMessage } from '@/lib/error-message';
import styles from './widget-catalogue.module.css';

const PAGE_SIZE = 20;

/** The props of {@link CatalogueListPage}. */
export type CatalogueListPageProps<T> = {
  title: string;
  intro: string;
  /** The list's route; a row opens `{path}/{Id}`, "New" goes to `{path}/create`. */
  path: string;
  newLabel: string;
  searchLabel: string;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  columns: TableColumnsType<T>;
  /** The text the search box looks in (the translated names). */
  searchText: (row: T) => string;
};

/**
 * A catalogue list: the whole list comes in one call (a few dozen entries) and is searched and sorted in the
 * browser, because system names are translation keys only the browser can read in the user's language.
 */
export function CatalogueListPage<T extends { Id: number }>({
  title,
  intro,
  path,
  newLabel,
  searchLabel,
  query,
  columns,
  searchText,
}: CatalogueListPageProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLocaleLowerCase());
  const rows = useMemo(
    () =>
      (query.data ?? []).filter((row) => term === '' || searchText(row).toLocaleLowerCase().includes(term)),
    [query.data, term, searchText],
  );
  const open = (row: T) => void navigate(recordUrl(path, row.Id));

  return (
    <AdminPage title={title} intro={intro}>
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          allowClear
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <span className={styles.spacer} />
        <NewRecordButton path={path} label={newLabel} />
      </div>
      {query.isError ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={errorMessage(query.error, t)}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<T>
          rowKey="Id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isPending}
          pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
          rowClassName={styles.row}
          onRow={(row) => ({
            tabIndex: 0,
            onClick: () => open(row),
            onKeyDown: (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
            },
          })}
          scroll={{ x: 'max-content' }}
        />
      )}
    </AdminPage>
  );
}
