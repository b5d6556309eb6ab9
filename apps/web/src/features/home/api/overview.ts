import { overviewSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The home overview's period in days (docs/overview.md). */
export const OVERVIEW_DAYS = 7;

/** `GET /api/overview?days=7`: the counters the caller may see, with the previous period. */
export function useOverview({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['overview', OVERVIEW_DAYS],
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/overview?days=${OVERVIEW_DAYS}`, schema: overviewSchema, signal }),
    enabled,
  });
}
