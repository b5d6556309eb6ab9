import { weightedExperienceGroupDetailSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEIGHTED_GROUPS_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/weighted-experience-groups/{id}`: the group with its weighted experiences (404: 18002). */
export function weightedGroupQueryOptions(id: number) {
  return queryOptions({
    queryKey: metadataKeys.weightedGroup(id),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${WEIGHTED_GROUPS_ENDPOINT}/${id}`,
        schema: weightedExperienceGroupDetailSchema,
        signal,
      }),
  });
}

export function useWeightedGroup(id: number | undefined) {
  return useQuery({ ...weightedGroupQueryOptions(id ?? 0), enabled: id !== undefined });
}
