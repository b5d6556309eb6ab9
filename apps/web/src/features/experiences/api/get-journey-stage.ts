import { journeyStageRowSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { JOURNEY_STAGES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/journey-stages/{id}`: the stage with the number of surveys in it (404). */
export function useJourneyStage(id: number | undefined) {
  return useRecordQuery(JOURNEY_STAGES_ENDPOINT, id, journeyStageRowSchema, metadataKeys.journeyStage);
}
