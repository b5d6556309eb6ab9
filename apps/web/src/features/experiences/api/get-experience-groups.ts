import { experienceGroupOptionSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { metadataKeys } from './metadata-keys';

/** `GET /api/experience-groups`: the groups an experience may join, by name. */
function experienceGroupsQueryOptions() {
  return queryOptions({
    queryKey: metadataKeys.experienceGroups,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/experience-groups', schema: z.array(experienceGroupOptionSchema), signal }),
  });
}

export function useExperienceGroups() {
  return useQuery(experienceGroupsQueryOptions());
}
