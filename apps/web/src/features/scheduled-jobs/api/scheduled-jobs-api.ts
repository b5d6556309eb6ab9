import {
  jobServerListSchema,
  scheduledJobRunAnswerSchema,
  type ScheduledJobRunAnswer,
} from '@loupe/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';

/*
 * The scheduled-jobs screen's calls (docs/jobs-and-retention.md): the jobs grid (`GET /api/scheduled-jobs`),
 * run-now of a schedule (`POST /api/scheduled-jobs/{name}/run`, job:manage) and the worker nodes
 * (`GET /api/filters/hangfireServers`).
 */

export const SCHEDULED_JOBS_ENDPOINT = '/api/scheduled-jobs';

/** How often the screen reads the jobs and nodes again while open: a run's state changes on its own. */
export const REFRESH_MS = 5_000;

const jobServersQuery = queryOptions({
  queryKey: ['scheduled-jobs', 'servers'] as const,
  queryFn: ({ signal }) =>
    apiRequest({ path: '/api/filters/hangfireServers', schema: jobServerListSchema, signal }),
  refetchInterval: REFRESH_MS,
});

export function useJobServers() {
  return useQuery(jobServersQuery);
}

function runJob(name: string): Promise<ScheduledJobRunAnswer> {
  return apiRequest({
    path: `${SCHEDULED_JOBS_ENDPOINT}/${encodeURIComponent(name)}/run`,
    method: 'POST',
    schema: scheduledJobRunAnswerSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

/** Queues one run of a schedule, then reads the grid again (its queued count, then its last run). */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gridQueryKey(SCHEDULED_JOBS_ENDPOINT) }),
  });
}
