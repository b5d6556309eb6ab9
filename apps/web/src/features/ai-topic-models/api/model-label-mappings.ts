import {
  modelLabelMappingSchema,
  type ModelLabelMapping,
  type ModelLabelMappingSave,
} from '@loupe/contracts';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';

export const MODEL_LABELS_ENDPOINT = '/api/model-label-mappings';

const mappingKey = (id: number) => [MODEL_LABELS_ENDPOINT, 'record', id] as const;

/** `POST /api/model-label-mappings` or `PUT …/{id}`: 400 with 19001, 19003, 19004, 3333. */
export function useSaveModelLabel() {
  return useSaveRecordMutation(
    (request: SaveRecordRequest<ModelLabelMappingSave>): Promise<ModelLabelMapping> =>
      saveRecord(MODEL_LABELS_ENDPOINT, modelLabelMappingSchema, request),
    { endpoint: MODEL_LABELS_ENDPOINT, recordKey: mappingKey },
  );
}

/** `DELETE /api/model-label-mappings/{id}`: 204; 404. */
export function useDeleteModelLabel() {
  return useDeleteRecordMutation((id: number) => deleteRecord(MODEL_LABELS_ENDPOINT, id), {
    endpoint: MODEL_LABELS_ENDPOINT,
    recordKey: mappingKey,
  });
}
