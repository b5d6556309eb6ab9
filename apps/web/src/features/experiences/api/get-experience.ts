import { experienceDetailSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/experiences/{id}`: the experience with its use (404: 13002). */
export function experienceQueryOptions(id: number) {
  return queryOptions({
    queryKey: metadataKeys.experience(id),
    queryFn: ({ signal }) =>
      apiRequest({ path: `${EXPERIENCES_ENDPOINT}/${id}`, schema: experienceDetailSchema, signal }),
  });
}

export function useExperience(id: number | undefined) {
  return useQuery({ ...experienceQueryOptions(id ?? 0), enabled: id !== undefined });
}
