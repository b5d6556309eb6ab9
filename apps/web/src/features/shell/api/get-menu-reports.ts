import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const menuReportSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Slug: z.string(),
  Category: z.string().nullish(),
  Order: z.number().nullish(),
});
export type MenuReport = z.infer<typeof menuReportSchema>;

// The reports issue defines the list; both a bare array and the grid's { Items } are accepted meanwhile.
const menuReportsSchema = z.union([
  z.array(menuReportSchema),
  z.object({ Items: z.array(menuReportSchema) }).transform((page) => page.Items),
]);

/**
 * `GET /api/reports`: the dashboard section's items. The endpoint arrives with the reports issue, so any
 * failure (404 until then) quietly means "no dashboard section".
 */
export function menuReportsQueryOptions() {
  return queryOptions({
    queryKey: ['reports', 'menu'],
    queryFn: async ({ signal }): Promise<MenuReport[]> => {
      try {
        return await apiRequest({
          path: '/api/reports',
          schema: menuReportsSchema,
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

/** Reports grouped into the menu groups (Category), in order; reports without one go to the default group. */
export function groupMenuReports(
  reports: readonly MenuReport[],
): { category: string | null; reports: MenuReport[] }[] {
  const sorted = [...reports].sort(
    (a, b) => (a.Order ?? 0) - (b.Order ?? 0) || a.Title.localeCompare(b.Title),
  );
  const groups = new Map<string | null, MenuReport[]>();
  for (const report of sorted) {
    const category = report.Category?.trim() || null;
    groups.set(category, [...(groups.get(category) ?? []), report]);
  }
  return [...groups].map(([category, items]) => ({ category, reports: items }));
}
