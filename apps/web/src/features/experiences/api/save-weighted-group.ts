import {
  weightedExperienceGroupDetailSchema,
  type WeightedExperienceGroupDetail,
  type WeightedExperienceGroupSave,
} from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { WEIGHTED_GROUPS_ENDPOINT, metadataKeys } from './metadata-keys';

type SaveWeightedGroupRequest = SaveRecordRequest<WeightedExperienceGroupSave>;

/**
 * `POST /api/weighted-experience-groups` (no id) or `PUT …/{id}`: the saved group, or 400 with 18001 (name
 * exists), 13002 (an experience is gone), 3333; 404 with 18002.
 */
function saveWeightedGroup(request: SaveWeightedGroupRequest): Promise<WeightedExperienceGroupDetail> {
  return saveRecord(WEIGHTED_GROUPS_ENDPOINT, weightedExperienceGroupDetailSchema, request);
}

export function useSaveWeightedGroup() {
  return useSaveRecordMutation(saveWeightedGroup, {
    endpoint: WEIGHTED_GROUPS_ENDPOINT,
    recordKey: metadataKeys.weightedGroup,
  });
}
