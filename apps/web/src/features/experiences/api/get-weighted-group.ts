import { weightedExperienceGroupDetailSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { WEIGHTED_GROUPS_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/weighted-experience-groups/{id}`: the group with its weighted experiences (404: 18002). */
export function useWeightedGroup(id: number | undefined) {
  return useRecordQuery(
    WEIGHTED_GROUPS_ENDPOINT,
    id,
    weightedExperienceGroupDetailSchema,
    metadataKeys.weightedGroup,
  );
}
