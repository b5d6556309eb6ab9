import { aiTopicSchema, type AiTopic, type AiTopicSave } from '@loupe/contracts';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { TOPIC_MODELS_ENDPOINT, topicModelKeys } from './topic-models';

/** The topics of one model: `/api/ai-topic-models/{modelId}/topics`. */
export const topicsEndpoint = (modelId: number) => `${TOPIC_MODELS_ENDPOINT}/${modelId}/topics`;

/** `GET /api/ai-topic-models/{modelId}/topics/{id}` (404). */
export function useTopic(modelId: number, id: number | undefined) {
  return useRecordQuery(topicsEndpoint(modelId), id, aiTopicSchema, (topicId: number) =>
    topicModelKeys.topic(modelId, topicId),
  );
}

/** `POST …/topics` or `PUT …/topics/{id}`: 400 with 19002 (a topic of that name), 3333 (parent); 404. */
export function useSaveTopic(modelId: number) {
  return useSaveRecordMutation(
    (request: SaveRecordRequest<AiTopicSave>): Promise<AiTopic> =>
      saveRecord(topicsEndpoint(modelId), aiTopicSchema, request),
    {
      endpoint: topicsEndpoint(modelId),
      recordKey: (id: number) => topicModelKeys.topic(modelId, id),
      alsoInvalidate: [topicModelKeys.model(modelId), topicModelKeys.statistics(modelId)],
    },
  );
}

/** `DELETE …/topics/{id}`: 204, or 400 with 19138 (it has sub-topics); 404. */
export function useDeleteTopic(modelId: number) {
  return useDeleteRecordMutation((id: number) => deleteRecord(topicsEndpoint(modelId), id), {
    endpoint: topicsEndpoint(modelId),
    recordKey: (id: number) => topicModelKeys.topic(modelId, id),
    alsoInvalidate: [topicModelKeys.model(modelId)],
  });
}
