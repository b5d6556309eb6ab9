import { reportDetailSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const reportDetailQueryKey = (id: number) => ['reports', 'detail', id] as const;

/** `GET /api/reporteditor/{id}`: the report with its widgets; 404 when the caller does not see it. */
function reportQueryOptions(id: number) {
  return queryOptions({
    queryKey: reportDetailQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/reporteditor/${id}`, schema: reportDetailSchema, signal }),
  });
}

export function useReport(id: number | undefined) {
  return useQuery({ ...reportQueryOptions(id ?? 0), enabled: id !== undefined });
}
