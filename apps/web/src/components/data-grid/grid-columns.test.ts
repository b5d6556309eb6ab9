import { describe, expect, it, vi } from 'vitest';
import type { HeaderCellProps } from './grid-columns';
import { ACTIONS_COLUMN_KEY, exportColumns, sortFromTable, tableColumns } from './grid-columns';
import { EMPTY_GRID_LAYOUT, toggleColumn, type GridLayout } from './grid-layout';

type User = { Id: string; UserName: string; Email: string; IsActive: boolean; CreatedAt: string };

const user: User = {
  Id: 'u1',
  UserName: 'ali',
  Email: 'ali@example.com',
  IsActive: true,
  CreatedAt: '2026-11-21',
};

const columns = [
  { key: 'UserName' as const, title: 'User name' },
  { key: 'Email' as const, title: 'Email', width: 50 },
  {
    key: 'IsActive' as const,
    title: 'Active',
    sortable: false,
    render: (value: unknown) => (value ? 'on' : 'off'),
  },
  { key: 'CreatedAt' as const, title: 'Created', defaultHidden: true },
];

function build(
  options: { layout?: GridLayout; sort?: Parameters<typeof tableColumns>[0]['sort']; actions?: boolean } = {},
) {
  const onResize = vi.fn<(key: string, width: number) => void>();
  const result = tableColumns<User>({
    columns,
    layout: options.layout ?? EMPTY_GRID_LAYOUT,
    sort: options.sort,
    renderValue: (value) => `text:${String(value)}`,
    resizeLabel: (title) => `Resize ${title}`,
    onResize,
    actions: options.actions ? { title: 'Actions', render: (row) => `actions of ${row.Id}` } : undefined,
  });
  return { result, onResize };
}

type Cell = { render: (value: unknown, row: User, index: number) => unknown };
const renderCell = (column: unknown, value: unknown) => (column as Cell).render(value, user, 0);

describe('tableColumns', () => {
  it('shows the visible columns in order, with clamped widths', () => {
    const { result } = build();
    expect(result.map((column) => column.key)).toEqual(['UserName', 'Email', 'IsActive']);
    expect(result.map((column) => column.width)).toEqual([180, 100, 180]);
    expect(result.map((column) => column.title)).toEqual(['User name', 'Email', 'Active']);
  });

  it("follows the user's layout", () => {
    const layout = toggleColumn(columns, EMPTY_GRID_LAYOUT, 'CreatedAt', true);
    const { result } = build({ layout: { ...layout, widths: { UserName: 260 } } });
    expect(result.map((column) => column.key)).toEqual(['UserName', 'Email', 'IsActive', 'CreatedAt']);
    expect(result[0]?.width).toBe(260);
  });

  it('makes sortable columns sort on the server, showing the current sort', () => {
    const { result } = build({ sort: { field: 'Email', direction: 'desc' } });
    expect(result.map((column) => column.sorter)).toEqual([true, true, false]);
    expect(result.map((column) => column.sortOrder)).toEqual([null, 'descend', null]);
  });

  it("renders with the column's render, else as text", () => {
    const { result } = build();
    expect(renderCell(result[0], 'ali')).toBe('text:ali');
    expect(renderCell(result[2], true)).toBe('on');
  });

  it('gives each header cell its resize handle', () => {
    const { result, onResize } = build();
    const header = (result[1]!.onHeaderCell as (column: unknown) => HeaderCellProps)(result[1]);
    expect(header.resize?.width).toBe(100);
    expect(header.resize?.label).toBe('Resize Email');
    header.resize?.onResize(240);
    expect(onResize).toHaveBeenCalledWith('Email', 240);
  });

  it('adds the actions column last, not sortable and without a resize handle', () => {
    const { result } = build({ actions: true });
    const actions = result.at(-1)!;
    expect(actions.key).toBe(ACTIONS_COLUMN_KEY);
    expect(actions.title).toBe('Actions');
    expect(actions.sorter).toBe(false);
    expect(actions.onHeaderCell).toBeUndefined();
    expect(renderCell(actions, undefined)).toBe('actions of u1');
  });
});

describe('sortFromTable', () => {
  it('reads the sorted column and direction', () => {
    expect(sortFromTable({ columnKey: 'UserName', field: 'UserName', order: 'ascend' })).toEqual({
      field: 'UserName',
      direction: 'asc',
    });
    expect(sortFromTable([{ field: 'Email', order: 'descend' }])).toEqual({
      field: 'Email',
      direction: 'desc',
    });
  });

  it('reads a cleared sort, or one on the actions column, as none', () => {
    expect(sortFromTable({ columnKey: 'UserName', order: null })).toBeUndefined();
    expect(sortFromTable({ columnKey: 'UserName', order: undefined })).toBeUndefined();
    expect(sortFromTable([])).toBeUndefined();
    expect(sortFromTable({ columnKey: ACTIONS_COLUMN_KEY, order: 'ascend' })).toBeUndefined();
  });
});

describe('exportColumns', () => {
  it('exports the visible columns with their headings', () => {
    const layout = toggleColumn(columns, EMPTY_GRID_LAYOUT, 'Email', false);
    expect(exportColumns(columns, layout)).toEqual([
      { Field: 'UserName', Title: 'User name' },
      { Field: 'IsActive', Title: 'Active' },
    ]);
  });
});
