import { journeyStageRowSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { JOURNEY_STAGES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/journey-stages/{id}`: the stage with the number of surveys in it (404). */
export function journeyStageQueryOptions(id: number) {
  return queryOptions({
    queryKey: metadataKeys.journeyStage(id),
    queryFn: ({ signal }) =>
      apiRequest({ path: `${JOURNEY_STAGES_ENDPOINT}/${id}`, schema: journeyStageRowSchema, signal }),
  });
}

export function useJourneyStage(id: number | undefined) {
  return useQuery({ ...journeyStageQueryOptions(id ?? 0), enabled: id !== undefined });
}
