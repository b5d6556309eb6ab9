import { reportListItemSchema } from '@loupe/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';

/** The caller's report list, one copy for the dashboard menu and the report pages; ['reports'] refreshes it. */
export const reportsListQueryKey = ['reports', 'list'] as const;

/**
 * `GET /api/reports`: the reports of any of the caller's roles, by Order then Title. No error dialog: the report
 * pages show their own load error with a retry, and the dashboard menu simply has no dashboard section.
 */
export function reportsQueryOptions() {
  return queryOptions({
    queryKey: reportsListQueryKey,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/reports',
        schema: z.array(reportListItemSchema),
        signal,
        showErrorDialog: false,
      }),
  });
}
