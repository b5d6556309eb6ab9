import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `DELETE /api/experiences/{id}`: 204, or 400 with 13003 (system experience), 13004 (in use); 404 with 13002. */
function deleteExperience(id: number): Promise<void> {
  return deleteRecord(EXPERIENCES_ENDPOINT, id);
}

export function useDeleteExperience() {
  return useDeleteRecordMutation(deleteExperience, {
    endpoint: EXPERIENCES_ENDPOINT,
    recordKey: metadataKeys.experience,
    alsoInvalidate: [metadataKeys.calculableExperiences],
  });
}
