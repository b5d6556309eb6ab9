import { userFilterSchema, type UserFilter } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { filterKeys } from './filter-query-keys';

/** `GET /api/users/filter?page=`: the caller's saved filters of a page. */
function getUserFilters(page: string, signal?: AbortSignal): Promise<UserFilter[]> {
  return apiRequest({
    path: `/api/users/filter?${new URLSearchParams({ page }).toString()}`,
    schema: z.array(userFilterSchema),
    signal,
  });
}

function userFiltersQueryOptions(page: string) {
  return queryOptions({
    queryKey: filterKeys.saved(page),
    queryFn: ({ signal }) => getUserFilters(page, signal),
  });
}

export function useUserFilters(page: string | undefined, enabled = true) {
  return useQuery({
    ...userFiltersQueryOptions(page ?? ''),
    enabled: enabled && page !== undefined && page !== '',
  });
}
