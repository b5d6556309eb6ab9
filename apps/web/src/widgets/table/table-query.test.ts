import { describe, expect, it } from 'vitest';
import {
  clampPage,
  columnSortOrder,
  orderByOf,
  pageSizeOf,
  sortFromSorter,
  tableExportParams,
  tablePageParams,
  tableSettings,
  withParams,
} from './table-query';

describe('tableSettings', () => {
  it('reads the catalogue Config: sorting, paging and export on, no initial sort', () => {
    expect(
      tableSettings({
        exportToExcel: true,
        tableConfig: { allowSorting: true, allowPaging: true, sortSettings: { sortedColumns: [] } },
      }),
    ).toEqual({ allowSorting: true, allowPaging: true, exportToExcel: true, initialSort: null });
  });

  it('keeps sorting and paging on unless turned off, export off unless asked for', () => {
    expect(tableSettings({})).toEqual({
      allowSorting: true,
      allowPaging: true,
      exportToExcel: false,
      initialSort: null,
    });
    expect(tableSettings({ tableConfig: { allowSorting: false, allowPaging: false } })).toMatchObject({
      allowSorting: false,
      allowPaging: false,
    });
  });

  it('starts with the first sorted column, in either spelling of its direction', () => {
    const sorted = (column: unknown) =>
      tableSettings({ tableConfig: { sortSettings: { sortedColumns: [column] } } });
    expect(sorted({ field: 'Nps', direction: 'Descending' }).initialSort).toEqual({
      field: 'Nps',
      direction: 'desc',
    });
    expect(sorted({ field: 'Nps', direction: 'desc' }).initialSort).toEqual({
      field: 'Nps',
      direction: 'desc',
    });
    expect(sorted({ field: 'Channel' }).initialSort).toEqual({ field: 'Channel', direction: 'asc' });
    expect(sorted({ field: 'Nps desc, x' }).initialSort).toBeNull();
    expect(sorted('Nps').initialSort).toBeNull();
  });
});

describe('page query', () => {
  it('asks for five rows from the start by default', () => {
    expect(tablePageParams({ page: 1, pageSize: 5, sort: null }).toString()).toBe('%24top=5&%24skip=0');
  });

  it('skips the earlier pages and adds the order', () => {
    const params = tablePageParams({ page: 3, pageSize: 20, sort: { field: 'Nps', direction: 'desc' } });
    expect(Object.fromEntries(params)).toEqual({ $top: '20', $skip: '40', $orderby: 'Nps desc' });
  });

  it('reads an unoffered page size as 5 and a table without paging as one page of 50', () => {
    expect(Object.fromEntries(tablePageParams({ page: 2, pageSize: 7, sort: null }))).toMatchObject({
      $top: '5',
      $skip: '5',
    });
    expect(
      Object.fromEntries(tablePageParams({ page: 4, pageSize: 10, sort: null, allowPaging: false })),
    ).toMatchObject({ $top: '50', $skip: '0' });
  });

  it('offers the spec page sizes only', () => {
    expect([5, 10, 20, 25, 50, 15, undefined].map(pageSizeOf)).toEqual([5, 10, 20, 25, 50, 5, 5]);
  });

  it('builds the export query with the order and the file name', () => {
    const params = tableExportParams({
      sort: { field: 'AnsweredDate', direction: 'asc' },
      fileName: ' Yanıtlar ',
    });
    expect(withParams('/api/widget-data/answers/export', params)).toBe(
      '/api/widget-data/answers/export?%24orderby=AnsweredDate+asc&fileName=Yan%C4%B1tlar',
    );
    expect(withParams('/x', tableExportParams({ sort: null, fileName: '' }))).toBe('/x');
  });
});

describe('sorting', () => {
  it('turns antd sorter answers into $orderby and back', () => {
    const sort = sortFromSorter({ field: 'Responses', order: 'descend' });
    expect(sort).toEqual({ field: 'Responses', direction: 'desc' });
    expect(orderByOf(sort)).toBe('Responses desc');
    expect(columnSortOrder(sort, 'Responses')).toBe('descend');
    expect(columnSortOrder(sort, 'Channel')).toBeNull();
    expect(sortFromSorter({ field: 'Responses', order: null })).toBeNull();
    expect(orderByOf(null)).toBeUndefined();
  });
});

describe('clampPage', () => {
  it('moves a page past the end to the last page with rows', () => {
    expect(clampPage(4, 5, 12)).toBe(3);
    expect(clampPage(2, 5, 12)).toBe(2);
    expect(clampPage(3, 5, 0)).toBe(1);
  });
});
