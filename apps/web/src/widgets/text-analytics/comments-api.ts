import { commentsDataSchema, type WidgetDataRequest } from '@loupe/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { commentsPageParams } from './comments-display';
import { withParams } from '@/widgets/table/table-query';

/*
 * A page of the comment highlights widget (reports spec §7 "widget data"; docs/widgets-text-analytics.md):
 * `POST {endpoint}?$top&$skip` with the widget data body, as a table widget pages (table-api.ts).
 */

export type CommentsPageKey = {
  widgetId: number;
  endpoint: string;
  request: WidgetDataRequest;
  page: number;
  pageSize: number;
};

/**
 * One page, keyed by widget, body and page. A failure is logged by the view, not shown in the error dialog
 * (reports spec §8). The previous page stays on screen while the next one loads.
 */
export function commentsPageQueryOptions({ widgetId, endpoint, request, page, pageSize }: CommentsPageKey) {
  const params = commentsPageParams(page, pageSize);
  return queryOptions({
    queryKey: ['widget-data', 'comments', widgetId, endpoint, request, params.toString()] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        path: withParams(endpoint, params),
        method: 'POST',
        body: request,
        schema: commentsDataSchema,
        signal,
        showErrorDialog: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
