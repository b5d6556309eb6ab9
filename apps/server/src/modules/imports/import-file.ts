import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ErrorCode, IMPORT_LIMITS } from '@loupe/contracts';
import { AppError } from '../../errors.js';

/*
 * The uploaded file (docs/data-flow.md "File rules"): its name, declared type and bytes are checked before
 * anything is stored, then it is read row by row (papaparse's stream for CSV, exceljs's streaming reader for
 * XLSX), each row as the texts of its cells.
 */

export type ImportFileType = 'csv' | 'xlsx';

const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/x-csv',
  'application/csv',
  'application/x-csv',
  // What Windows browsers send for .csv when Excel is installed.
  'application/vnd.ms-excel',
  'application/octet-stream',
]);
const XLSX_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
  'application/zip',
]);

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const startsWith = (bytes: Buffer, magic: readonly number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/**
 * The file rules, in order: one extension (15001), .csv or .xlsx (15003), a declared type consistent with the
 * extension and bytes that are what the extension says (15004: an .xlsx is a zip; a .csv is text, not a zip
 * and without NUL bytes), and a CSV in UTF-8 (15002). Answers the file's type.
 */
export function checkImportFile(fileName: string, mimeType: string, bytes: Buffer): ImportFileType {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const parts = base.split('.');
  if (parts.length > 2) throw new AppError(400, ErrorCode.FileMultipleExtensions);
  const extension = parts.length === 2 ? parts[1]!.toLowerCase() : '';
  if (extension !== 'csv' && extension !== 'xlsx') throw new AppError(400, ErrorCode.FileWrongExtension);
  const declared = mimeType.split(';')[0]!.trim().toLowerCase();
  if (extension === 'xlsx') {
    if (!XLSX_TYPES.has(declared) || !startsWith(bytes, ZIP_MAGIC))
      throw new AppError(400, ErrorCode.FileWrongMimeType);
    return 'xlsx';
  }
  if (!CSV_TYPES.has(declared) || startsWith(bytes, ZIP_MAGIC) || bytes.includes(0))
    throw new AppError(400, ErrorCode.FileWrongMimeType);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, ErrorCode.FileNotUtf8);
  }
  return 'csv';
}

/** A cell of an XLSX row as text: dates as ISO, formulas by their result, rich text and links by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function* csvRows(bytes: Buffer): AsyncGenerator<string[]> {
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes;
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' });
  Readable.from([body]).pipe(parser);
  for await (const row of parser as AsyncIterable<string[]>) yield row;
}

async function* xlsxRows(bytes: Buffer): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const worksheet of reader) {
    let width = 0;
    for await (const row of worksheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      const texts = Array.from({ length: Math.max(values.length, width) }, (_, index) =>
        cellText(values[index]),
      );
      if (width === 0) width = texts.length;
      if (texts.every((text) => text.trim() === '')) continue;
      yield texts;
    }
    // The first sheet only.
    break;
  }
}

/**
 * The file's rows, the heading row first, each as its cells' texts. Throws 400/3333 on a file that cannot be read
 * (a broken zip, a sheet-less workbook) when `strict`; the job records the message instead.
 */
export function readRows(type: ImportFileType, bytes: Buffer): AsyncGenerator<string[]> {
  return type === 'csv' ? csvRows(bytes) : xlsxRows(bytes);
}

/** The heading row and the first rows of a file, for the mapping step. */
export async function previewRows(
  type: ImportFileType,
  bytes: Buffer,
): Promise<{ headers: string[]; rows: string[][] }> {
  const rows: string[][] = [];
  let headers: string[] | undefined;
  try {
    for await (const row of readRows(type, bytes)) {
      if (!headers) headers = row.map((cell) => cell.trim()).slice(0, IMPORT_LIMITS.columnsMax);
      else rows.push(row.slice(0, headers.length));
      if (rows.length >= IMPORT_LIMITS.previewRows) break;
    }
  } catch {
    throw new AppError(400, ErrorCode.FileWrongMimeType);
  }
  return { headers: headers ?? [], rows };
}
