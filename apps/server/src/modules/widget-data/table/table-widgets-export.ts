import type { PassThrough } from 'node:stream';
import type { CellValue, Style } from 'exceljs';
// eslint-disable-next-line import-x/default -- papaparse is CommonJS (UMD): its API is the default export
import Papa from 'papaparse';
import { toLanguageCode } from '@loupe/contracts';
import { forEachPagedRow, writeSheet } from '../../../grid/xlsx-sheet.js';
import type { TableColumn, TableKind, TableRow } from './table-widgets.js';

/*
 * The table widgets' Excel export (docs/widgets-tables.md "Export"): one worksheet, a bold header row with the
 * column titles in the caller's language (the `Language` header), then the rows as the table orders them. Counts
 * are whole numbers, scores keep every decimal with a one-decimal format (n0/n1 as on screen), the date is a real
 * Excel date of the tenant-local time, and the respondent type is its translated word.
 */

type TableTexts = {
  tables: Record<TableKind, string>;
  columns: Record<string, string>;
  respondentTypes: readonly [promoter: string, neutral: string, detractor: string];
};

// The same words as the web's `widgetTables` namespace (column.*, respondentType.*, title.*).
const TEXTS: Record<'tr' | 'en' | 'ar', TableTexts> = {
  tr: {
    tables: { channelTable: 'Kanal tablosu', answers: 'Anket yanıtları' },
    columns: {
      Channel: 'Kanal',
      Responses: 'Yanıt',
      Promoters: 'Destekçi',
      Neutrals: 'Pasif',
      Detractors: 'Kötüleyen',
      Nps: 'NPS',
      AverageScore: 'Ortalama puan',
      AnsweredDate: 'Tarih',
      Survey: 'Anket',
      Product: 'Ürün',
      NpsScore: 'NPS puanı',
      RespondentType: 'Katılımcı tipi',
      Comment: 'Yorum',
      SessionId: 'Oturum no',
    },
    respondentTypes: ['Destekçi', 'Pasif', 'Kötüleyen'],
  },
  en: {
    tables: { channelTable: 'Channel table', answers: 'Survey answers' },
    columns: {
      Channel: 'Channel',
      Responses: 'Responses',
      Promoters: 'Promoters',
      Neutrals: 'Neutrals',
      Detractors: 'Detractors',
      Nps: 'NPS',
      AverageScore: 'Average score',
      AnsweredDate: 'Date',
      Survey: 'Survey',
      Product: 'Product',
      NpsScore: 'NPS score',
      RespondentType: 'Respondent type',
      Comment: 'Comment',
      SessionId: 'Session id',
    },
    respondentTypes: ['Promoter', 'Neutral', 'Detractor'],
  },
  ar: {
    tables: { channelTable: 'جدول القنوات', answers: 'إجابات الاستبيان' },
    columns: {
      Channel: 'القناة',
      Responses: 'الردود',
      Promoters: 'المروجون',
      Neutrals: 'المحايدون',
      Detractors: 'المنتقدون',
      Nps: 'NPS',
      AverageScore: 'متوسط الدرجة',
      AnsweredDate: 'التاريخ',
      Survey: 'الاستبيان',
      Product: 'المنتج',
      NpsScore: 'درجة NPS',
      RespondentType: 'نوع المستجيب',
      Comment: 'التعليق',
      SessionId: 'رقم الجلسة',
    },
    respondentTypes: ['مروج', 'محايد', 'منتقد'],
  },
};

/** The texts of a language; languages without their own read English, as the console does. */
function tableTexts(language: string | undefined): TableTexts {
  const code = toLanguageCode(language) ?? 'tr';
  return code === 'tr' || code === 'ar' ? TEXTS[code] : TEXTS.en;
}

/** The file name of an export without its extension: the caller's, else the table's name in its language. */
export function exportFileName(kind: TableKind, language: string, requested: string | undefined): string {
  const name = requested?.trim().replace(/\.xlsx?$/i, '');
  return name ? name : tableTexts(language).tables[kind];
}

const NUMBER_FORMATS = { n0: '#,##0', n1: '#,##0.0' } as const;
const DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * Writes the workbook to `stream`, reading the rows page by page through `nextPage(offset)` until a page comes
 * back shorter than `pageSize` or `limit` rows are written.
 */
export async function writeTableWorkbook(source: {
  stream: PassThrough;
  kind: TableKind;
  columns: readonly TableColumn[];
  language: string;
  firstPage: readonly TableRow[];
  pageSize: number;
  limit: number;
  nextPage(offset: number): Promise<readonly TableRow[]>;
}): Promise<void> {
  const texts = tableTexts(source.language);
  const { columns } = source;
  const titles = columns.map((column) => texts.columns[column.Field] ?? column.Field);
  await writeSheet<TableRow>({
    ...source,
    sheetName: texts.tables[source.kind],
    rightToLeft: toLanguageCode(source.language) === 'ar',
    columns: columns.map((column, index) => ({
      key: column.Field,
      title: titles[index]!,
      width: column.Field === 'Comment' ? 60 : Math.min(Math.max(titles[index]!.length + 2, 12), 40),
      style: columnStyle(column),
    })),
    cells: (row) => columns.map((column) => cellValue(column, row[column.Field], texts)),
  });
}

/**
 * The same table as CSV (the FTP export's default file, docs/ftp-export.md): a UTF-8 byte order mark (so Excel
 * reads Turkish and Arabic right), the heading row, then the rows with the cells the workbook writes — dates as
 * `YYYY-MM-DD HH:mm:ss` wall-clock text, the respondent type as its word. Reads pages as writeTableWorkbook does.
 */
export async function writeTableCsv(
  source: Omit<Parameters<typeof writeTableWorkbook>[0], 'kind'>,
): Promise<void> {
  const texts = tableTexts(source.language);
  const { columns, stream } = source;
  const line = (cells: unknown[]) => `${Papa.unparse([cells], { newline: '\r\n' })}\r\n`;
  stream.write(`\uFEFF${line(columns.map((column) => texts.columns[column.Field] ?? column.Field))}`);
  await forEachPagedRow(source, (row) => {
    const cells = columns.map((column) => cellValue(column, row[column.Field], texts));
    stream.write(line(cells.map((cell) => (cell instanceof Date ? csvDate(cell) : cell))));
  });
  stream.end();
}

/** A wall-clock date (written as UTC by cellValue) as `YYYY-MM-DD HH:mm:ss`. */
const csvDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

function columnStyle(column: TableColumn): Partial<Style> {
  if (column.Type === 'date') return { numFmt: DATE_FORMAT };
  if (column.Field === 'Comment') return { alignment: { wrapText: true, vertical: 'top' } };
  return column.Format ? { numFmt: NUMBER_FORMATS[column.Format] } : {};
}

function cellValue(column: TableColumn, value: TableRow[string] | undefined, texts: TableTexts): CellValue {
  if (value === null || value === undefined) return null;
  if (column.Field === 'RespondentType' && typeof value === 'number')
    return texts.respondentTypes[value] ?? null;
  // A time at the caller's offset ('2024-03-05T14:30:00+03:00'): Excel dates have no zone, so its wall clock
  // (the first 19 characters) is written as if it were UTC, and the sheet shows 14:30.
  if (column.Type === 'date' && typeof value === 'string') {
    const date = new Date(`${value.slice(0, 19)}Z`);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  return value;
}
