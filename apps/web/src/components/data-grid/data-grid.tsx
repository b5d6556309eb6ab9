/**
 * DataGrid: the console's list of records (shell spec §7–§9) — server paging (10, 20, 25, 50, 100), sorting
 * by clicking headings, a search box, a column chooser and resizable columns remembered per endpoint, an
 * Excel export for `grid:export` holders, and the spec's error handling (401/403 refresh and reload, a refused
 * refresh signs out, other failures in the global error dialog).
 *
 * @example
 * ```tsx
 * const { t } = useTranslation('users');
 * <DataGrid<UserListItem>
 *   endpoint="/api/users"
 *   item={userListItemSchema}
 *   rowKey="Id"
 *   columns={[
 *     { key: 'UserName', title: t('fields.userName') },
 *     { key: 'Email', title: t('fields.email'), width: 240 },
 *     { key: 'IsActive', title: t('fields.active'), render: (active) => <StatusTag active={active === true} /> },
 *     { key: 'CreatedAt', title: t('fields.createdAt'), defaultHidden: true },
 *   ]}
 *   searchField="UserName"
 *   defaultOrder="UserName asc"
 *   exportFileName={t('exportFileName')}
 *   toolbar={<Button type="primary" onClick={openNew}>{t('new')}</Button>}
 *   onRowClick={(user) => navigate(`/users/${user.Id}`)}
 *   rowActions={(user) => <UserRowActions user={user} />}
 * />
 * // After a create, update or delete:
 * void queryClient.invalidateQueries({ queryKey: gridQueryKey('/api/users') });
 * ```
 */
import {
  GRID_DEFAULT_PAGE_SIZE,
  GRID_PAGE_SIZES,
  GRID_ROW_HEIGHT,
  gridPageSchema,
  hasAnyScope,
} from '@loupe/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Table } from 'antd';
import {
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type JSX,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useBootstrap } from '@/lib/bootstrap';
import { ColumnChooser } from './column-chooser';
import styles from './data-grid.module.css';
import { ExportButton } from './export-button';
import { fetchGridPage } from './grid-api';
import { exportColumns, sortFromTable, tableColumns } from './grid-columns';
import {
  isColumnVisible,
  loadGridLayout,
  resizeColumn,
  saveGridLayout,
  toggleColumn,
  type GridLayout,
} from './grid-layout';
import {
  assertRelativeEndpoint,
  buildExportParams,
  buildGridParams,
  gridQueryKey,
  type GridSort,
} from './grid-query';
import { ResizableHeaderCell } from './resizable-header-cell';

export { gridQueryKey };

/** A column of the grid: the row field it shows (also the OData field of its sort, search and export). */
export type DataGridColumn<T> = {
  /** The row field, also the OData field for `$orderby`/`$filter` and the export's `Field`. */
  key: Extract<keyof T, string>;
  /** The translated heading (also the export's column title). */
  title: string;
  /** Default true: clicking the heading sorts the list on the server. */
  sortable?: boolean;
  /** Renders the cell; default: the value as text (booleans as yes/no). */
  render?: (value: T[keyof T], row: T) => ReactNode;
  /** Starting width in pixels, clamped to GRID_COLUMN_MIN_WIDTH..GRID_COLUMN_MAX_WIDTH (100–300). */
  width?: number;
  /** Starts hidden in the column chooser (the user's choice is remembered per endpoint). */
  defaultHidden?: boolean;
};

export type DataGridProps<T> = {
  /** '/api/users': a path of the API; an absolute URL throws at render. */
  endpoint: string;
  columns: DataGridColumn<T>[];
  rowKey: Extract<keyof T, string>;
  /** The contracts item schema; every page is validated with `gridPageSchema(item)`. Keep it stable. */
  item: ZodType<T>;
  /** Shows the search box, which adds `contains(tolower(Field),'term')`. */
  searchField?: Extract<keyof T, string>;
  /** Rows per page at first (one of GRID_PAGE_SIZES); default GRID_DEFAULT_PAGE_SIZE. */
  initialPageSize?: number;
  /** An extra OData `$filter`, ANDed to the grid's own. */
  filter?: string;
  /** When given, the grid POSTs `{endpoint}/query` with this body (and exports it as `Filter`). */
  filterBody?: Record<string, unknown>;
  /** The order before the user sorts, e.g. 'UserName asc'. */
  defaultOrder?: string;
  /** Shows the Excel button to `grid:export` holders; without extension (the server adds `.xlsx`). */
  exportFileName?: string;
  /** Beside the search box, e.g. the "New" button. */
  toolbar?: ReactNode;
  /** Makes rows clickable (and Enter on a focused row). */
  onRowClick?: (row: T) => void;
  /** A last, non-sortable, non-exported "Actions" column. */
  rowActions?: (row: T) => ReactNode;
  /** What an empty list shows when no search is typed, e.g. an Empty with a create button; default "No records". */
  empty?: ReactNode;
};

/** How long typing pauses before the search runs. */
const GRID_SEARCH_DEBOUNCE_MS = 300;

// Clicks and keys inside the actions cell (also from its popconfirms, which bubble through React) are not
// a click on the row.
const stopPropagation = (event: SyntheticEvent) => event.stopPropagation();

export function DataGrid<T extends Record<string, unknown>>({
  endpoint,
  columns,
  rowKey,
  item,
  searchField,
  initialPageSize,
  filter,
  filterBody,
  defaultOrder,
  exportFileName,
  toolbar,
  onRowClick,
  rowActions,
  empty,
}: DataGridProps<T>): JSX.Element {
  assertRelativeEndpoint(endpoint);
  const { t } = useTranslation('grid');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(initialPageSize ?? GRID_DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<GridSort>();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [layout, setLayout] = useState(() => loadGridLayout(endpoint));

  // Another list, or another filter from the page: its own layout, from the first page.
  const [shownEndpoint, setShownEndpoint] = useState(endpoint);
  if (shownEndpoint !== endpoint) {
    setShownEndpoint(endpoint);
    setLayout(loadGridLayout(endpoint));
    setPage(1);
  }
  const filterKey = JSON.stringify([filter ?? null, filterBody ?? null]);
  const [appliedFilterKey, setAppliedFilterKey] = useState(filterKey);
  if (appliedFilterKey !== filterKey) {
    setAppliedFilterKey(filterKey);
    setPage(1);
  }

  useEffect(() => {
    if (searchText === search) return;
    const timer = setTimeout(() => {
      setSearch(searchText);
      setPage(1);
    }, GRID_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const state = { sort, search, searchField, filter, defaultOrder };
  const query = buildGridParams({ ...state, page, pageSize }).toString();
  const schema = useMemo(() => gridPageSchema(item), [item]);
  const pageQuery = useQuery({
    queryKey: [...gridQueryKey(endpoint), { query, filterBody }],
    queryFn: ({ signal }) =>
      fetchGridPage({ endpoint, params: new URLSearchParams(query), schema, filterBody, signal }),
    // The last page stays on screen while the next loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });
  const count = pageQuery.data?.Count;

  // A delete emptied the last page: go to the new last page.
  if (count !== undefined && !pageQuery.isPlaceholderData && page > 1 && (page - 1) * pageSize >= count) {
    setPage(Math.max(1, Math.ceil(count / pageSize)));
  }

  const scopes = useBootstrap().data?.User.Scopes ?? [];
  const canExport = exportFileName !== undefined && hasAnyScope(scopes, ['grid:export']);

  const updateLayout = (change: (current: GridLayout) => GridLayout) => {
    const next = change(layout);
    setLayout(next);
    saveGridLayout(endpoint, next);
  };

  const renderValue = (value: unknown): ReactNode => {
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (typeof value === 'string' || typeof value === 'number') return value;
    return value === null || value === undefined ? '' : JSON.stringify(value);
  };

  const antColumns = tableColumns<T>({
    columns,
    layout,
    sort,
    renderValue,
    resizeLabel: (title) => t('resizeColumn', { column: title }),
    onResize: (key, width) => updateLayout((current) => resizeColumn(current, key, width)),
    actions: rowActions && {
      title: t('actions'),
      render: (row) => (
        <div className={styles.actions} onClick={stopPropagation} onKeyDown={stopPropagation}>
          {rowActions(row)}
        </div>
      ),
    },
  });

  const searching = searchField !== undefined && search.trim() !== '';
  let emptyText: ReactNode = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t('noMatches') : t('empty')} />
  );
  if (pageQuery.isPending) emptyText = <span />;
  else if (!searching && empty !== undefined) emptyText = empty;

  return (
    <section
      className={styles.grid}
      style={{ '--grid-row-height': `${GRID_ROW_HEIGHT}px` } as CSSProperties}
      aria-busy={pageQuery.isFetching}
    >
      <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
        {searchField !== undefined && (
          <Input.Search
            className={styles.search}
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            allowClear
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onSearch={(value) => {
              setSearchText(value);
              setSearch(value);
              setPage(1);
            }}
          />
        )}
        <div className={styles.tools}>
          {toolbar}
          <ColumnChooser
            choices={columns.map((column) => ({
              key: column.key,
              title: column.title,
              visible: isColumnVisible(column, layout),
            }))}
            onToggle={(key, visible) =>
              updateLayout((current) => toggleColumn(columns, current, key, visible))
            }
          />
          {canExport && (
            <ExportButton
              request={{
                endpoint,
                params: buildExportParams(state),
                filterBody,
                totalCount: count ?? 0,
                fileName: exportFileName,
                columns: exportColumns(columns, layout),
              }}
            />
          )}
        </div>
      </div>
      {pageQuery.isError && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void pageQuery.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}
      <Table<T>
        rowKey={rowKey}
        columns={antColumns}
        dataSource={pageQuery.data?.Items ?? []}
        loading={pageQuery.isFetching}
        components={{ header: { cell: ResizableHeaderCell } }}
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        pagination={{
          current: page,
          pageSize,
          total: count ?? 0,
          pageSizeOptions: [...GRID_PAGE_SIZES],
          showSizeChanger: true,
          showTotal: (total) => t('records', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            setSort(sortFromTable(sorter));
            setPage(1);
          } else if (extra.action === 'paginate') {
            const nextSize = pagination.pageSize ?? pageSize;
            setPage(nextSize === pageSize ? (pagination.current ?? 1) : 1);
            setPageSize(nextSize);
          }
        }}
        rowClassName={onRowClick ? styles.clickable : undefined}
        onRow={
          onRowClick &&
          ((row) => ({
            tabIndex: 0,
            onClick: () => onRowClick(row),
            onKeyDown: (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
            },
          }))
        }
      />
    </section>
  );
}
