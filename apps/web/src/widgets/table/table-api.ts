import { widgetTablePageSchema, type WidgetDataRequest } from '@loupe/contracts';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { tableExportParams, tablePageParams, withParams, type TableSort } from './table-query';
import { saveFile } from '@/lib/save-file';

/*
 * A table widget's calls (reports spec §7 "table widgets read their endpoint from widget config";
 * docs/widgets-tables.md): a page is `POST {endpoint}?$top&$skip&$orderby` with the widget data body, an export
 * `POST {endpoint}/export?$orderby&fileName` with the same body.
 */

export type TablePageKey = {
  widgetId: number;
  endpoint: string;
  request: WidgetDataRequest;
  page: number;
  pageSize: number;
  sort: TableSort | null;
  allowPaging: boolean;
};

/**
 * One page, keyed by widget, body and page. A failure is not reported to the error dialog: widget data failures
 * are logged only and the widget shows its no-data state (reports spec §8). The previous page stays on screen
 * while the next one loads.
 */
export function tablePageQueryOptions(key: TablePageKey) {
  const { widgetId, endpoint, request, page, pageSize, sort, allowPaging } = key;
  const params = tablePageParams({ page, pageSize, sort, allowPaging });
  return queryOptions({
    queryKey: ['widget-data', 'table', widgetId, endpoint, request, params.toString()] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        path: withParams(endpoint, params),
        method: 'POST',
        body: request,
        schema: widgetTablePageSchema,
        signal,
        showErrorDialog: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export type TableExport = {
  endpoint: string;
  request: WidgetDataRequest;
  sort: TableSort | null;
  fileName: string;
};

/**
 * The Excel export of every row of the table's filter, in its order (report:export). A failure goes to the
 * global error dialog, as a grid export's does.
 */
export function useTableExport() {
  return useMutation({
    mutationFn: async ({ endpoint, request, sort, fileName }: TableExport) => {
      const { blob, fileName: served } = await apiDownload({
        path: withParams(`${endpoint}/export`, tableExportParams({ sort, fileName })),
        method: 'POST',
        body: request,
      });
      return { blob, fileName: served ?? `${fileName}.xlsx` };
    },
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
