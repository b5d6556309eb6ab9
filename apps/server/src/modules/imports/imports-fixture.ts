import ExcelJS from 'exceljs';

/*
 * Files and multipart bodies for the imports tests and the benchmark: CSV and XLSX bytes from rows, and a
 * multipart/form-data body as a browser sends it.
 */

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** CSV bytes (UTF-8, comma separated, CRLF) of a heading row and rows. */
export function csvFile(rows: readonly (readonly string[])[]): Buffer {
  return Buffer.from(rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n', 'utf8');
}

/** XLSX bytes of one sheet holding the rows (exceljs's streaming writer). */
export async function xlsxFile(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Invitees');
  for (const row of rows) sheet.addRow([...row]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart/form-data body with text fields and one file part named `file`. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----loupe${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
