import { journeyStageRowSchema, type JourneyStageRow, type JourneyStageSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { JOURNEY_STAGES_ENDPOINT, metadataKeys } from './metadata-keys';

export type SaveJourneyStageRequest = { id?: number; body: JourneyStageSave };

/**
 * `POST /api/journey-stages` (no id) or `PUT /api/journey-stages/{id}`: the saved stage, or 400 with 13006
 * (name exists), 13005 (used by surveys), 3333; 404.
 */
export function saveJourneyStage({ id, body }: SaveJourneyStageRequest): Promise<JourneyStageRow> {
  return apiRequest({
    path: id === undefined ? JOURNEY_STAGES_ENDPOINT : `${JOURNEY_STAGES_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: journeyStageRowSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveJourneyStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJourneyStage,
    onSuccess: (saved) => {
      queryClient.setQueryData(metadataKeys.journeyStage(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(JOURNEY_STAGES_ENDPOINT) });
    },
  });
}
