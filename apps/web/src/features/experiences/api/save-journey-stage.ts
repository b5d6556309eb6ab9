import { journeyStageRowSchema, type JourneyStageRow, type JourneyStageSave } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { JOURNEY_STAGES_ENDPOINT, metadataKeys } from './metadata-keys';

type SaveJourneyStageRequest = SaveRecordRequest<JourneyStageSave>;

/**
 * `POST /api/journey-stages` (no id) or `PUT /api/journey-stages/{id}`: the saved stage, or 400 with 13006
 * (name exists), 13005 (used by surveys), 3333; 404.
 */
function saveJourneyStage(request: SaveJourneyStageRequest): Promise<JourneyStageRow> {
  return saveRecord(JOURNEY_STAGES_ENDPOINT, journeyStageRowSchema, request);
}

export function useSaveJourneyStage() {
  return useSaveRecordMutation(saveJourneyStage, {
    endpoint: JOURNEY_STAGES_ENDPOINT,
    recordKey: metadataKeys.journeyStage,
  });
}
