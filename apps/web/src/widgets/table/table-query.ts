import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@loupe/contracts';
import type { WidgetConfig } from '@/widgets/shared/widget-layout';

/*
 * A table widget's paging, sorting and export settings as data (reports spec §3 "tableConfig", §9 tables;
 * docs/widgets-tables.md): what the Config allows, the query string of a page, and the sort a click makes.
 * Pure, so the view only renders and the rules are unit-tested.
 */

export type TableSort = { field: string; direction: 'asc' | 'desc' };

export type TableSettings = {
  allowSorting: boolean;
  allowPaging: boolean;
  exportToExcel: boolean;
  /** The sort the table starts with (tableConfig.sortSettings.sortedColumns[0]); none: the server's order. */
  initialSort: TableSort | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads Config.tableConfig and Config.exportToExcel. Sorting and paging are on unless the Config turns them off
 * (`false`); export only when the Config asks for it. A sorted column is `{ field, direction }` with direction
 * 'asc'/'desc' or the older 'Ascending'/'Descending'.
 */
export function tableSettings(config: WidgetConfig): TableSettings {
  const table = isRecord(config.tableConfig) ? config.tableConfig : {};
  const sortSettings = isRecord(table.sortSettings) ? table.sortSettings : {};
  const sorted = Array.isArray(sortSettings.sortedColumns) ? sortSettings.sortedColumns : [];
  return {
    allowSorting: table.allowSorting !== false,
    allowPaging: table.allowPaging !== false,
    exportToExcel: config.exportToExcel === true,
    initialSort: sortOf(sorted[0]),
  };
}

function sortOf(value: unknown): TableSort | null {
  if (!isRecord(value) || typeof value.field !== 'string' || !/^[A-Za-z_]\w*$/.test(value.field)) return null;
  const direction = typeof value.direction === 'string' ? value.direction.toLowerCase() : 'asc';
  return {
    field: value.field,
    direction: direction === 'desc' || direction === 'descending' ? 'desc' : 'asc',
  };
}

/** `Field asc` for `$orderby`; undefined without a sort (the server's default order). */
export function orderByOf(sort: TableSort | null): string | undefined {
  return sort ? `${sort.field} ${sort.direction}` : undefined;
}

/** A page size the table offers (reports spec §9: 5, 10, 20, 25, 50); anything else is the default 5. */
export function pageSizeOf(size: number | undefined): number {
  return TABLE_PAGE_SIZES.some((offered) => offered === size) ? (size as number) : TABLE_DEFAULT_PAGE_SIZE;
}

/**
 * The query string of a page (1-based): `$top`, `$skip` and `$orderby`. Without paging the table asks for its
 * largest page at once.
 */
export function tablePageParams({
  page,
  pageSize,
  sort,
  allowPaging = true,
}: {
  page: number;
  pageSize: number;
  sort: TableSort | null;
  allowPaging?: boolean;
}): URLSearchParams {
  const top = allowPaging ? pageSizeOf(pageSize) : Math.max(...TABLE_PAGE_SIZES);
  const skip = allowPaging ? (Math.max(1, Math.floor(page)) - 1) * top : 0;
  const params = new URLSearchParams({ $top: String(top), $skip: String(skip) });
  const orderBy = orderByOf(sort);
  if (orderBy) params.set('$orderby', orderBy);
  return params;
}

/** The export's query string: the table's order and the file name (the widget's title). */
export function tableExportParams({
  sort,
  fileName,
}: {
  sort: TableSort | null;
  fileName: string;
}): URLSearchParams {
  const params = new URLSearchParams();
  const orderBy = orderByOf(sort);
  if (orderBy) params.set('$orderby', orderBy);
  const name = fileName.trim().slice(0, 100);
  if (name) params.set('fileName', name);
  return params;
}

export function withParams(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** antd's sorter answer -> the table's sort; a cleared sort is none. */
export function sortFromSorter(sorter: {
  field?: unknown;
  order?: 'ascend' | 'descend' | null;
}): TableSort | null {
  const field = Array.isArray(sorter.field) ? sorter.field.join('.') : sorter.field;
  if (typeof field !== 'string' || !sorter.order) return null;
  return { field, direction: sorter.order === 'descend' ? 'desc' : 'asc' };
}

/** The antd sort order a column shows for the table's sort. */
export function columnSortOrder(sort: TableSort | null, field: string): 'ascend' | 'descend' | null {
  if (!sort || sort.field !== field) return null;
  return sort.direction === 'desc' ? 'descend' : 'ascend';
}

/**
 * The page to show once the count is known: a page past the end (rows gone since, a larger page size) moves to
 * the last page that has rows.
 */
export function clampPage(page: number, pageSize: number, count: number): number {
  const last = Math.max(1, Math.ceil(count / pageSize));
  return Math.min(Math.max(1, page), last);
}
