import { ErrorCode } from '@loupe/contracts';

/*
 * The checks the browser makes on a chosen file before it sends it (surveys spec §5 file rules; the server makes
 * them again with the UTF-8 and mime-type checks, 15002 and 15004, which need the bytes).
 */

/** The extensions an import takes. */
const IMPORT_FILE_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** The `accept` of the file input: the extensions and their mime types. */
export const IMPORT_FILE_ACCEPT = [
  ...IMPORT_FILE_EXTENSIONS,
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/**
 * The error code a file name is refused with before it is sent, or null when it may go: 15001 more than one
 * extension (`list.csv.xlsx`), 15003 not .csv or .xlsx (no extension either). A leading dot is a hidden file's
 * name, not an extension.
 */
export function importFileRefusal(fileName: string): number | null {
  const name = fileName.trim().replace(/^\.+/, '');
  const parts = name.split('.');
  if (parts.length > 2) return ErrorCode.FileMultipleExtensions;
  const extension = parts.length === 2 ? `.${parts[1]!.toLowerCase()}` : '';
  if (!(IMPORT_FILE_EXTENSIONS as readonly string[]).includes(extension)) return ErrorCode.FileWrongExtension;
  return null;
}
