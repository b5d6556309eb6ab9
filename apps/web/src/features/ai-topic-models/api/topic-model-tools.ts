import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiTopicStatisticsSchema, aiTopicTryResultSchema } from '@loupe/contracts';
import { z } from 'zod';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { TOPIC_MODELS_ENDPOINT, topicModelKeys } from './topic-models';

/** `POST /api/ai-topic-models/{id}/try` `{ Text }`: the topics found, best first. */
export function useTryTopicModel(id: number) {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest({
        path: `${TOPIC_MODELS_ENDPOINT}/${id}/try`,
        method: 'POST',
        body: { Text: text },
        schema: aiTopicTryResultSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
  });
}

/** `GET /api/ai-topic-models/{id}/statistics`: per topic precision, recall and volume, and micro figures. */
export function useTopicModelStatistics(id: number) {
  return useQuery({
    queryKey: topicModelKeys.statistics(id),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${TOPIC_MODELS_ENDPOINT}/${id}/statistics`,
        schema: aiTopicStatisticsSchema,
        signal,
      }),
  });
}

/** `POST /api/ai-topic-models/{id}/train` (202): queues the classifier's training; 400 with 19135, 19136. */
export function useTrainTopicModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest({
        path: `${TOPIC_MODELS_ENDPOINT}/${id}/train`,
        method: 'POST',
        schema: z.object({ Queued: z.literal(true) }),
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicModelKeys.model(id) }),
  });
}

/** `GET /api/ai-topic-models/{id}/export?count=N`: N random dataset instances with their topics, as .xlsx. */
export function useExportTopicModel(id: number) {
  return useMutation({
    mutationFn: async ({ count, fallbackName }: { count: number; fallbackName: string }) => {
      const { blob, fileName } = await apiDownload({
        path: `${TOPIC_MODELS_ENDPOINT}/${id}/export?count=${count}`,
        showErrorDialog: 'serverErrorsOnly',
      });
      saveFile(blob, fileName ?? `${fallbackName}.xlsx`);
    },
  });
}
