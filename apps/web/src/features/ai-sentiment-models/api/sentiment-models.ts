import {
  aiSentimentChoicesSchema,
  aiSentimentModelSchema,
  aiSentimentPredictionSchema,
  aiSentimentStatisticsSchema,
  type AiSentimentModel,
  type AiSentimentModelSave,
  type AiSentimentTry,
} from '@loupe/contracts';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/*
 * The sentiment models' calls (docs/ai-sentiment-models.md): the grid is `/api/ai-sentiment-models`; one model, its
 * save and delete, the form's choices, train (a job: the model is polled while it is Training), try, the XLSX
 * export and the statistics. Scopes sentiment:read / sentiment:manage.
 */

export const SENTIMENT_MODELS_ENDPOINT = '/api/ai-sentiment-models';

const keys = {
  model: (id: number) => ['aiSentimentModels', 'model', id] as const,
  choices: ['aiSentimentModels', 'choices'] as const,
  statistics: (id: number, version: number | undefined) =>
    ['aiSentimentModels', 'statistics', id, version ?? 'current'] as const,
};
const cache = { endpoint: SENTIMENT_MODELS_ENDPOINT, recordKey: keys.model, alsoInvalidate: [keys.choices] };

/** One model; polled every 1.5 s while it is being trained, so the page follows the job. */
export function useSentimentModel(id: number | undefined) {
  return useQuery({
    queryKey: id === undefined ? [SENTIMENT_MODELS_ENDPOINT, 'none'] : keys.model(id),
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) =>
            apiRequest({
              path: `${SENTIMENT_MODELS_ENDPOINT}/${id}`,
              schema: aiSentimentModelSchema,
              signal,
            }),
    refetchInterval: (query) => (query.state.data?.Status === 'Training' ? 1_500 : false),
  });
}

function saveSentimentModel(request: SaveRecordRequest<AiSentimentModelSave>): Promise<AiSentimentModel> {
  return saveRecord(SENTIMENT_MODELS_ENDPOINT, aiSentimentModelSchema, request);
}

export function useSaveSentimentModel() {
  return useSaveRecordMutation(saveSentimentModel, cache);
}

export function useDeleteSentimentModel() {
  return useDeleteRecordMutation((id: number) => deleteRecord(SENTIMENT_MODELS_ENDPOINT, id), cache);
}

/** The sentiment annotation works and the models the form may pick. */
export function useSentimentChoices() {
  return useQuery({
    queryKey: keys.choices,
    queryFn: ({ signal }) =>
      apiRequest({ path: `${SENTIMENT_MODELS_ENDPOINT}/choices`, schema: aiSentimentChoicesSchema, signal }),
  });
}

/** Queues a training; the model's answer (Training) becomes its cached record, which then polls. */
export function useTrainSentimentModel(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fromScratch: boolean) =>
      apiRequest({
        path: `${SENTIMENT_MODELS_ENDPOINT}/${id}/train`,
        method: 'POST',
        body: { FromScratch: fromScratch },
        schema: aiSentimentModelSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: (model) => {
      client.setQueryData(keys.model(id), model);
      void client.invalidateQueries({ queryKey: ['aiSentimentModels', 'statistics', id] });
    },
  });
}

export function useTrySentiment(id: number) {
  return useMutation({
    mutationFn: (body: AiSentimentTry) =>
      apiRequest({
        path: `${SENTIMENT_MODELS_ENDPOINT}/${id}/try`,
        method: 'POST',
        body,
        schema: aiSentimentPredictionSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
  });
}

export function useSentimentStatistics(id: number, version: number | undefined) {
  return useQuery({
    queryKey: keys.statistics(id, version),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${SENTIMENT_MODELS_ENDPOINT}/${id}/statistics${version === undefined ? '' : `?version=${version}`}`,
        schema: aiSentimentStatisticsSchema,
        signal,
      }),
  });
}

/** Downloads N random scored instances as XLSX. */
export function useExportSentiment(id: number, fallbackName: string) {
  return useMutation({
    mutationFn: (count: number) =>
      apiDownload({
        path: `${SENTIMENT_MODELS_ENDPOINT}/${id}/export?count=${count}`,
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `${fallbackName}.xlsx`),
  });
}
