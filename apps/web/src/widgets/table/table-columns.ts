import { WIDGET_MAX_WIDTH, type WidgetTablePage } from '@loupe/contracts';
import dayjs from 'dayjs';
import { NO_FIGURE, numberFormats } from '@/widgets/shared/widget-format';

/*
 * How a table widget writes its cells and lays out (reports spec §9 tables and number formats;
 * docs/widgets-tables.md): counts n0, scores n1, dates DD/MM/YYYY HH:mm, the respondent type in words, and
 * whether the table wraps text or scrolls sideways. Pure, so the view only renders.
 */

export type TableColumn = WidgetTablePage['Columns'][number];
export type TableCell = WidgetTablePage['Items'][number][string];

/** Dates as the console writes them (reports spec §9 default DD/MM/YYYY), with the time of day. */
const TABLE_DATE_FORMAT = 'DD/MM/YYYY HH:mm';
/** "One-by-one tables … wrap text if 8 or fewer visible columns" (reports spec §9). */
const WRAP_MAX_COLUMNS = 8;

/** The translation key (widgetTables) of a column's header: the server's `widgetTables:column.X`, without the namespace. */
export function columnTitleKey(column: TableColumn): string {
  const [namespace, key] = column.Title.includes(':')
    ? column.Title.split(':', 2)
    : ['widgetTables', column.Title];
  return namespace === 'widgetTables' && key ? key : `column.${column.Field}`;
}

/**
 * The text of a cell: numbers in the column's format (n0, n1, or as they are), dates in TABLE_DATE_FORMAT (the
 * server sends tenant-local wall-clock times, shown as they are), the respondent type (0, 1, 2) through
 * `respondentType`; null and empty values a dash.
 */
export function formatCell(
  column: TableColumn,
  value: TableCell | undefined,
  { locale, respondentType }: { locale: string; respondentType: (type: number) => string },
): string {
  if (value === null || value === undefined || value === '') return NO_FIGURE;
  if (column.Field === 'RespondentType' && typeof value === 'number') return respondentType(value);
  if (typeof value === 'number') {
    const formats = numberFormats(locale);
    if (column.Format === 'n0') return formats.count(value);
    if (column.Format === 'n1') return formats.score(value);
    return String(value);
  }
  if (column.Type === 'date' && typeof value === 'string') {
    const date = dayjs(value);
    return date.isValid() ? date.format(TABLE_DATE_FORMAT) : value;
  }
  return String(value);
}

/** Reports spec §9: a hint about narrow width when the widget is narrower than the full 6 units. */
export function isNarrowTable(width: number): boolean {
  return width < WIDGET_MAX_WIDTH;
}

/** Full-width tables with at most 8 visible columns wrap their text; others keep one line and scroll sideways. */
export function wrapsText(width: number, visibleColumns: number): boolean {
  return width >= WIDGET_MAX_WIDTH && visibleColumns <= WRAP_MAX_COLUMNS;
}

/**
 * A column's width in pixels when the table keeps one line per row (it then scrolls sideways and cuts long text
 * with an ellipsis, the whole text in a tooltip); none when it wraps (the browser sizes the columns).
 */
export function columnWidth(column: TableColumn, wrap: boolean): number | undefined {
  if (wrap) return undefined;
  if (column.Field === 'Comment') return 260;
  if (column.Type === 'date') return 140;
  return column.Type === 'number' ? 110 : 150;
}

/** The row key of a table's rows: the id the server sends (SessionId, ChannelId), else the row's place. */
export function rowKeyOf(row: WidgetTablePage['Items'][number], index: number): string {
  const id = row.SessionId ?? row.ChannelId;
  return id === null || id === undefined ? `row-${index}` : String(id);
}
