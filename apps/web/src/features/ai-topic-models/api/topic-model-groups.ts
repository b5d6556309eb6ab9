import {
  aiTopicModelGroupSchema,
  type AiTopicModelGroup,
  type AiTopicModelGroupSave,
} from '@loupe/contracts';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';

export const TOPIC_MODEL_GROUPS_ENDPOINT = '/api/ai-topic-model-groups';

const groupKey = (id: number) => [TOPIC_MODEL_GROUPS_ENDPOINT, 'record', id] as const;

/** `GET /api/ai-topic-model-groups/{id}` (404). */
export function useTopicModelGroup(id: number | undefined) {
  return useRecordQuery(TOPIC_MODEL_GROUPS_ENDPOINT, id, aiTopicModelGroupSchema, groupKey);
}

/** `POST /api/ai-topic-model-groups` or `PUT …/{id}`: 400 with 19132 (mixed), 19134 (name), 3333; 404. */
export function useSaveTopicModelGroup() {
  return useSaveRecordMutation(
    (request: SaveRecordRequest<AiTopicModelGroupSave>): Promise<AiTopicModelGroup> =>
      saveRecord(TOPIC_MODEL_GROUPS_ENDPOINT, aiTopicModelGroupSchema, request),
    { endpoint: TOPIC_MODEL_GROUPS_ENDPOINT, recordKey: groupKey },
  );
}

/** `DELETE /api/ai-topic-model-groups/{id}`: 204; 404. */
export function useDeleteTopicModelGroup() {
  return useDeleteRecordMutation((id: number) => deleteRecord(TOPIC_MODEL_GROUPS_ENDPOINT, id), {
    endpoint: TOPIC_MODEL_GROUPS_ENDPOINT,
    recordKey: groupKey,
  });
}
