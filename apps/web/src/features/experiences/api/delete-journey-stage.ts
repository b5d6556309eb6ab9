import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { JOURNEY_STAGES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `DELETE /api/journey-stages/{id}`: 204, or 400 with 13005 (used by surveys); 404. */
function deleteJourneyStage(id: number): Promise<void> {
  return deleteRecord(JOURNEY_STAGES_ENDPOINT, id);
}

export function useDeleteJourneyStage() {
  return useDeleteRecordMutation(deleteJourneyStage, {
    endpoint: JOURNEY_STAGES_ENDPOINT,
    recordKey: metadataKeys.journeyStage,
  });
}
