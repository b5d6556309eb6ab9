import type { PassThrough } from 'node:stream';
// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';

/** One column of a streamed sheet: its key, heading, width and cell style. */
export type SheetColumn = { key: string; title: string; width: number; style?: Partial<ExcelJS.Style> };

/**
 * Streams rows read page by page as one worksheet of an .xlsx into `stream`: a frozen, bold heading row, then one
 * row per record (`cells(row)`), asking `nextPage(offset)` until a page comes back shorter than `pageSize` or
 * `limit` rows are written. The grid export and the table widgets' export both write through it.
 */
export async function writeSheet<T>(source: {
  stream: PassThrough;
  sheetName: string;
  rightToLeft?: boolean;
  columns: readonly SheetColumn[];
  cells(row: T): ExcelJS.CellValue[];
  firstPage: readonly T[];
  pageSize: number;
  limit: number;
  nextPage(offset: number): Promise<readonly T[]>;
}): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: source.stream, useStyles: true });
  const sheet = workbook.addWorksheet(source.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: source.rightToLeft ?? false }],
  });
  sheet.columns = source.columns.map(({ key, width, style }) => ({ key, width, style: style ?? {} }));
  const heading = sheet.addRow(source.columns.map((column) => column.title));
  heading.font = { bold: true };
  heading.commit();

  await forEachPagedRow(source, (row) => sheet.addRow(source.cells(row)).commit());
  sheet.commit();
  await workbook.commit();
}

/** Rows read page by page: `firstPage`, then `nextPage(offset)` until a short page or `limit` rows. */
export type PagedRows<T> = {
  firstPage: readonly T[];
  pageSize: number;
  limit: number;
  nextPage(offset: number): Promise<readonly T[]>;
};

/** Visits each row of a paged source in order, at most `limit` of them; the exports write through it. */
export async function forEachPagedRow<T>(source: PagedRows<T>, visit: (row: T) => void): Promise<void> {
  let rows = source.firstPage;
  let written = 0;
  for (;;) {
    for (const row of rows) {
      if (written >= source.limit) return;
      visit(row);
      written++;
    }
    if (rows.length < source.pageSize || written >= source.limit) return;
    rows = await source.nextPage(written);
  }
}
