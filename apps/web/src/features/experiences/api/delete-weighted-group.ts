import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { WEIGHTED_GROUPS_ENDPOINT, metadataKeys } from './metadata-keys';

/** `DELETE /api/weighted-experience-groups/{id}`: 204, or 404 with 18002. */
function deleteWeightedGroup(id: number): Promise<void> {
  return deleteRecord(WEIGHTED_GROUPS_ENDPOINT, id);
}

export function useDeleteWeightedGroup() {
  return useDeleteRecordMutation(deleteWeightedGroup, {
    endpoint: WEIGHTED_GROUPS_ENDPOINT,
    recordKey: metadataKeys.weightedGroup,
  });
}
