import type { TableColumnsType, TableColumnType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { columnWidth, isColumnVisible, type GridLayout } from './grid-layout';
import type { GridSort } from './grid-query';

/*
 * From the page's column list, the user's layout and sort to antd's columns, and back from antd's sorter to a
 * sort: pure, so the mapping is tested without a browser.
 */

/** The key of the "Actions" column; rows never have a field by that name in the contracts (PascalCase). */
export const ACTIONS_COLUMN_KEY = '__actions';

/** What the header cell component gets to draw a column's resize handle. */
type ColumnResize = { width: number; label: string; onResize: (width: number) => void };

/** The header cell's own props: the `th` attributes plus the resize handle of a resizable column. */
export type HeaderCellProps = HTMLAttributes<HTMLTableCellElement> & { resize?: ColumnResize };

export type GridColumnSpec<T> = {
  key: Extract<keyof T, string>;
  title: string;
  sortable?: boolean | undefined;
  render?: ((value: T[keyof T], row: T) => ReactNode) | undefined;
  width?: number | undefined;
  defaultHidden?: boolean | undefined;
};

export type TableColumnsOptions<T> = {
  columns: readonly GridColumnSpec<T>[];
  layout: GridLayout;
  sort: GridSort | undefined;
  /** The cell of a column without `render`. */
  renderValue: (value: unknown) => ReactNode;
  /** The translated "Resize column {title}". */
  resizeLabel: (title: string) => string;
  onResize: (key: string, width: number) => void;
  /** The translated "Actions" heading and the cell of each row, when the page has row actions. */
  actions?: { title: string; render: (row: T) => ReactNode } | undefined;
};

/** antd's columns for the visible columns, in the page's order, then the "Actions" column. */
export function tableColumns<T>({
  columns,
  layout,
  sort,
  renderValue,
  resizeLabel,
  onResize,
  actions,
}: TableColumnsOptions<T>): TableColumnsType<T> {
  const shown = columns
    .filter((column) => isColumnVisible(column, layout))
    .map((column): TableColumnType<T> => {
      const width = columnWidth(column, layout);
      const sortable = column.sortable ?? true;
      const { render } = column;
      const resize: ColumnResize = {
        width,
        label: resizeLabel(column.title),
        onResize: (next) => onResize(column.key, next),
      };
      return {
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width,
        ellipsis: true,
        sorter: sortable,
        sortOrder:
          sortable && sort?.field === column.key ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null,
        render: (value: T[keyof T], row: T) => (render ? render(value, row) : renderValue(value)),
        // antd hands these to the header cell component (ResizableHeaderCell), which draws the handle.
        onHeaderCell: () => ({ resize }) as HeaderCellProps,
      };
    });
  if (!actions) return shown;
  return [
    ...shown,
    {
      key: ACTIONS_COLUMN_KEY,
      title: actions.title,
      sorter: false,
      render: (_: unknown, row: T) => actions.render(row),
    },
  ];
}

type TableSorter = { columnKey?: unknown; field?: unknown; order?: 'ascend' | 'descend' | null | undefined };

/** The sort antd reports after a header click; none when the user cleared it. */
export function sortFromTable(sorter: TableSorter | TableSorter[]): GridSort | undefined {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return undefined;
  const field = typeof first.columnKey === 'string' ? first.columnKey : first.field;
  if (typeof field !== 'string' || field === ACTIONS_COLUMN_KEY) return undefined;
  return { field, direction: first.order === 'ascend' ? 'asc' : 'desc' };
}

/** The export's columns: the visible ones, as the grid shows them (the "Actions" column is never exported). */
export function exportColumns<T>(
  columns: readonly GridColumnSpec<T>[],
  layout: GridLayout,
): { Field: string; Title: string }[] {
  return columns
    .filter((column) => isColumnVisible(column, layout))
    .map((column) => ({ Field: column.key, Title: column.title }));
}
