import { reportListItemSchema, type ReportListItem } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The dashboard menu's own copy of the report list; invalidating ['reports'] refreshes it with the others. */
export const menuReportsQueryKey = ['reports', 'menu'] as const;

/**
 * `GET /api/reports`: the reports the user sees through their roles, in menu order — the dashboard section's
 * items. A failure is quiet: the menu then simply has no dashboard section.
 */
function menuReportsQueryOptions() {
  return queryOptions({
    queryKey: menuReportsQueryKey,
    queryFn: async ({ signal }): Promise<ReportListItem[]> => {
      try {
        return await apiRequest({
          path: '/api/reports',
          schema: z.array(reportListItemSchema),
          signal,
          showErrorDialog: false,
        });
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useMenuReports({ enabled }: { enabled: boolean }) {
  return useQuery({ ...menuReportsQueryOptions(), enabled });
}
