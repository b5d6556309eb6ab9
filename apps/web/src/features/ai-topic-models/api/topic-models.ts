import { aiTopicModelSchema, hasAnyScope, type AiTopicModel, type AiTopicModelSave } from '@loupe/contracts';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { useBootstrap } from '@/lib/bootstrap';

/*
 * Topic models `/api/ai-topic-models` (docs/ai-topic-models.md): read one, save (POST or PUT), delete.
 */

export const TOPIC_MODELS_ENDPOINT = '/api/ai-topic-models';

export const topicModelKeys = {
  model: (id: number) => [TOPIC_MODELS_ENDPOINT, 'record', id] as const,
  topic: (modelId: number, id: number) => [TOPIC_MODELS_ENDPOINT, modelId, 'topics', id] as const,
  statistics: (id: number) => [TOPIC_MODELS_ENDPOINT, id, 'statistics'] as const,
};

/** `GET /api/ai-topic-models/{id}` (404). */
export function useTopicModel(id: number | undefined) {
  return useRecordQuery(TOPIC_MODELS_ENDPOINT, id, aiTopicModelSchema, topicModelKeys.model);
}

/** `POST /api/ai-topic-models` or `PUT …/{id}`: 400 with 19131, 19132, 19133, 3333; 404. */
function saveTopicModel(request: SaveRecordRequest<AiTopicModelSave>): Promise<AiTopicModel> {
  return saveRecord(TOPIC_MODELS_ENDPOINT, aiTopicModelSchema, request);
}

export function useSaveTopicModel() {
  return useSaveRecordMutation(saveTopicModel, {
    endpoint: TOPIC_MODELS_ENDPOINT,
    recordKey: topicModelKeys.model,
  });
}

/** `DELETE /api/ai-topic-models/{id}`: 204, or 400 with 19137 (an annotation work uses it); 404. */
export function useDeleteTopicModel() {
  return useDeleteRecordMutation((id: number) => deleteRecord(TOPIC_MODELS_ENDPOINT, id), {
    endpoint: TOPIC_MODELS_ENDPOINT,
    recordKey: topicModelKeys.model,
  });
}

/** Whether the user may change topic models, topics and groups (topic:manage). */
export function useCanManageTopics(): boolean {
  const user = useBootstrap().data?.User;
  return user !== undefined && hasAnyScope(user.Scopes, ['topic:manage']);
}
