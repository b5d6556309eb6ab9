import {
  aiAnnotationNextSchema,
  aiAnnotationSavedSchema,
  aiAnnotationStatisticsSchema,
  aiAnnotationTaskSchema,
  aiAnnotationUploadSchema,
  aiAnnotationWorkSchema,
  aiAnnotatorSchema,
  aiDatasetSchema,
  gridPageSchema,
  topicModelItemSchema,
  type AiAnnotationSave,
  type AiAnnotationTask,
  type AiAnnotationTaskSave,
  type AiAnnotationWork,
  type AiAnnotationWorkSave,
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
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';

/*
 * The annotation works' calls (docs/ai-annotation.md): works `/api/ai-annotation-works`, their tasks, the next
 * comment and a label, an upload, the statistics; and the lists the forms choose from (Ready datasets, topic
 * models, annotators). Scopes annotation:read / annotation:manage.
 */

export const WORKS_ENDPOINT = '/api/ai-annotation-works';
export const tasksEndpoint = (workId: number) => `${WORKS_ENDPOINT}/${workId}/annotation-tasks`;

const workKey = (id: number) => ['ai-annotation-works', 'work', id] as const;
const taskKey = (workId: number) => (id: number) => ['ai-annotation-works', workId, 'task', id] as const;
const workCache = { endpoint: WORKS_ENDPOINT, recordKey: workKey };

export function useWork(id: number | undefined) {
  return useRecordQuery(WORKS_ENDPOINT, id, aiAnnotationWorkSchema, workKey);
}

export function useSaveWork() {
  return useSaveRecordMutation(
    (request: SaveRecordRequest<AiAnnotationWorkSave>): Promise<AiAnnotationWork> =>
      saveRecord(WORKS_ENDPOINT, aiAnnotationWorkSchema, request),
    workCache,
  );
}

export function useDeleteWork() {
  return useDeleteRecordMutation((id: number) => deleteRecord(WORKS_ENDPOINT, id), workCache);
}

export function useTask(workId: number, id: number | undefined) {
  return useRecordQuery(tasksEndpoint(workId), id, aiAnnotationTaskSchema, taskKey(workId));
}

export function useSaveTask(workId: number) {
  return useSaveRecordMutation(
    (request: SaveRecordRequest<AiAnnotationTaskSave>): Promise<AiAnnotationTask> =>
      saveRecord(tasksEndpoint(workId), aiAnnotationTaskSchema, request),
    { endpoint: tasksEndpoint(workId), recordKey: taskKey(workId) },
  );
}

export function useDeleteTask(workId: number) {
  return useDeleteRecordMutation((id: number) => deleteRecord(tasksEndpoint(workId), id), {
    endpoint: tasksEndpoint(workId),
    recordKey: taskKey(workId),
  });
}

/** The work's tasks (first 100), for the upload page's choice. */
export function useTasks(workId: number) {
  return useQuery({
    queryKey: [...gridQueryKey(tasksEndpoint(workId)), 'all'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${tasksEndpoint(workId)}?$top=100&$orderby=CreatedDate desc`,
        schema: gridPageSchema(aiAnnotationTaskSchema),
        signal,
      }),
  });
}

const nextKey = (workId: number, taskId: number, after: number) =>
  ['ai-annotation-works', workId, 'task', taskId, 'next', after] as const;

/** The caller's next comment of the task (after position `after`: the skipped ones). */
export function useNextComment(workId: number, taskId: number, after: number) {
  return useQuery({
    queryKey: nextKey(workId, taskId, after),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${tasksEndpoint(workId)}/${taskId}/next${after > 0 ? `?after=${after}` : ''}`,
        schema: aiAnnotationNextSchema,
        signal,
        showErrorDialog: 'serverErrorsOnly',
      }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveAnnotation(workId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiAnnotationSave) =>
      apiRequest({
        path: `${tasksEndpoint(workId)}/${taskId}/annotations`,
        method: 'POST',
        body,
        schema: aiAnnotationSavedSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gridQueryKey(WORKS_ENDPOINT) }),
  });
}

export function useUploadLabels(workId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest({
        path: `${tasksEndpoint(workId)}/${taskId}/upload`,
        method: 'POST',
        body,
        schema: aiAnnotationUploadSchema,
        showErrorDialog: 'serverErrorsOnly',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workKey(workId) }),
  });
}

export function useStatistics(workId: number) {
  return useQuery({
    queryKey: ['ai-annotation-works', workId, 'statistics'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${WORKS_ENDPOINT}/${workId}/statistics`,
        schema: aiAnnotationStatisticsSchema,
        signal,
      }),
  });
}

/** The tenant's Ready datasets (first 500 by name), for the work form. */
export function useReadyDatasets() {
  return useQuery({
    queryKey: ['ai-annotation-works', 'datasets'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/ai-datasets?$top=500&$orderby=Name asc&$filter=${encodeURIComponent("Status eq 'Ready'")}`,
        schema: gridPageSchema(aiDatasetSchema),
        signal,
        showErrorDialog: false,
      }),
  });
}

/** The tenant's topic and emotion models (the filters' lookup), for the work form. */
export function useTopicModelChoices() {
  return useQuery({
    queryKey: ['ai-annotation-works', 'topic-models'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/filters/topic-models-with-emotion',
        schema: z.array(topicModelItemSchema),
        signal,
        showErrorDialog: false,
      }),
  });
}

/** The tenant's annotators (first 1,000 by name), for the task form. */
export function useAnnotatorChoices() {
  return useQuery({
    queryKey: ['ai-annotation-works', 'annotators'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/ai-annotators?$top=1000&$orderby=FirstName asc',
        schema: gridPageSchema(aiAnnotatorSchema),
        signal,
      }),
  });
}
