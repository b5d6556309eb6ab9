import {
  aiScheduledJobSchema,
  aiSystemConfigurationSchema,
  topicModelItemSchema,
  type AiScheduledJob,
  type AiScheduledJobSave,
  type AiSystemConfiguration,
  type AiSystemConfigurationSave,
} from '@loupe/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { gridQueryKey } from '@/components/data-grid/grid-query';
import { apiRequest } from '@/lib/api-client';

/*
 * The text-analytics jobs' calls (docs/ai-scheduled-jobs.md): `/api/ai-scheduled-jobs` (grid, record, run / pause /
 * resume, the logs of its runs), `/api/ai-logs` and `/api/ai-system-configurations`.
 */

export const AI_JOBS_ENDPOINT = '/api/ai-scheduled-jobs';
export const AI_LOGS_ENDPOINT = '/api/ai-logs';
export const AI_CONFIGURATIONS_ENDPOINT = '/api/ai-system-configurations';

/** The grid of a job's runs, and of a run's scoring or experiment logs. */
export const jobLogsEndpoint = (id: number) => `${AI_JOBS_ENDPOINT}/${id}/logs`;
export const runLogsEndpoint = (id: number, logId: number, kind: 'scoring-logs' | 'experiment-logs') =>
  `${jobLogsEndpoint(id)}/${logId}/${kind}`;

const aiJobKeys = {
  job: (id: number) => ['aiJobs', 'job', id] as const,
  configuration: (id: number) => ['aiJobs', 'configuration', id] as const,
  topicModels: ['aiJobs', 'topicModels'] as const,
};
const jobCache = { endpoint: AI_JOBS_ENDPOINT, recordKey: aiJobKeys.job };

export function useAiJob(id: number | undefined) {
  return useRecordQuery(AI_JOBS_ENDPOINT, id, aiScheduledJobSchema, aiJobKeys.job);
}

function saveAiJob(request: SaveRecordRequest<AiScheduledJobSave>): Promise<AiScheduledJob> {
  return saveRecord(AI_JOBS_ENDPOINT, aiScheduledJobSchema, request);
}

export function useSaveAiJob() {
  return useSaveRecordMutation(saveAiJob, jobCache);
}

export function useDeleteAiJob() {
  return useDeleteRecordMutation((id: number) => deleteRecord(AI_JOBS_ENDPOINT, id), jobCache);
}

export type AiJobCommand = 'run' | 'pause' | 'resume';

/** run / pause / resume; the list and the job's logs reload (a run's log shows a moment later, then ends). */
export function useAiJobCommand(command: AiJobCommand) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest({
        path: `${AI_JOBS_ENDPOINT}/${id}/${command}`,
        method: 'POST',
        body: {},
        schema: aiScheduledJobSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: (job) => {
      const reload = () => {
        void queryClient.invalidateQueries({ queryKey: gridQueryKey(AI_JOBS_ENDPOINT) });
        void queryClient.invalidateQueries({ queryKey: gridQueryKey(jobLogsEndpoint(job.Id)) });
      };
      reload();
      setTimeout(reload, 1_500);
    },
  });
}

/** The tenant's topic and emotion models, for the job's topic model. */
export function useTopicModelOptions() {
  return useQuery({
    queryKey: aiJobKeys.topicModels,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/filters/topic-models-with-emotion',
        schema: z.array(topicModelItemSchema),
        signal,
      }),
  });
}

export function useAiSystemConfiguration(id: number | undefined) {
  return useRecordQuery(AI_CONFIGURATIONS_ENDPOINT, id, aiSystemConfigurationSchema, aiJobKeys.configuration);
}

function saveConfiguration(
  request: SaveRecordRequest<AiSystemConfigurationSave>,
): Promise<AiSystemConfiguration> {
  return saveRecord(AI_CONFIGURATIONS_ENDPOINT, aiSystemConfigurationSchema, request);
}

export function useSaveAiSystemConfiguration() {
  return useSaveRecordMutation(saveConfiguration, {
    endpoint: AI_CONFIGURATIONS_ENDPOINT,
    recordKey: aiJobKeys.configuration,
  });
}
