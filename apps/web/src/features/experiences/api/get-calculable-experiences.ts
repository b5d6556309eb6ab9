import { calculableExperienceSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/experiences/calculable`: the experiences a weighted group may weigh (types 0, 1, 2), by name. */
function calculableExperiencesQueryOptions() {
  return queryOptions({
    queryKey: metadataKeys.calculableExperiences,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${EXPERIENCES_ENDPOINT}/calculable`,
        schema: z.array(calculableExperienceSchema),
        signal,
      }),
  });
}

export function useCalculableExperiences() {
  return useQuery(calculableExperiencesQueryOptions());
}
