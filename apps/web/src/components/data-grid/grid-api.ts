import { gridExportSchema, type GridExportColumn, type GridPage } from '@loupe/contracts';
import type { ZodType } from 'zod';
import { ApiError, apiDownload, apiRequest, refreshAccessToken } from '@/lib/api-client';
import { withQuery } from './grid-query';

/*
 * The grid's calls (shell spec §7): a page is `GET {endpoint}?query`, or `POST {endpoint}/query?query` with the
 * filter body; an export is `POST {endpoint}/export?query` with the filter and the visible columns.
 */

/**
 * Runs `call`, and on a 403 refreshes the tokens once and runs it again (shell spec §8: "401 or 403 trigger a
 * token refresh and reload"; `apiRequest` already does this for a 401). A refused refresh ends the session.
 */
async function withForbiddenRefresh<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && (await refreshAccessToken())) return call();
    throw error;
  }
}

export type GridPageRequest<T> = {
  endpoint: string;
  params: URLSearchParams;
  /** The page schema, `gridPageSchema(item)`. */
  schema: ZodType<GridPage<T>>;
  filterBody?: Record<string, unknown> | undefined;
  signal?: AbortSignal | undefined;
};

export function fetchGridPage<T>({
  endpoint,
  params,
  schema,
  filterBody,
  signal,
}: GridPageRequest<T>): Promise<GridPage<T>> {
  return withForbiddenRefresh(() =>
    filterBody
      ? apiRequest({
          path: withQuery(`${endpoint}/query`, params),
          method: 'POST',
          body: filterBody,
          schema,
          signal,
        })
      : apiRequest({ path: withQuery(endpoint, params), schema, signal }),
  );
}

export type GridExportRequest = {
  endpoint: string;
  /** `$filter` and `$orderby` of the grid. */
  params: URLSearchParams;
  filterBody?: Record<string, unknown> | undefined;
  totalCount: number;
  fileName: string;
  columns: GridExportColumn[];
  signal?: AbortSignal | undefined;
};

/**
 * Exports every row of the grid's filter as .xlsx; the file name is the server's (`Content-Disposition`),
 * else `{fileName}.xlsx`. Every failure is left to the caller, which shows it in the error dialog.
 */
export async function exportGrid(request: GridExportRequest): Promise<{ blob: Blob; fileName: string }> {
  const body = gridExportSchema.parse({
    Filter: request.filterBody ?? {},
    TotalCountForExport: request.totalCount,
    FileName: request.fileName,
    Columns: request.columns,
  });
  const { blob, fileName } = await withForbiddenRefresh(() =>
    apiDownload({
      path: withQuery(`${request.endpoint}/export`, request.params),
      method: 'POST',
      body,
      signal: request.signal,
      showErrorDialog: false,
    }),
  );
  return { blob, fileName: fileName ?? `${body.FileName}.xlsx` };
}
