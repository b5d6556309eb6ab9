import { surveyPrioritisationRowSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const prioritisationKey = ['survey-prioritization'] as const;

/** `GET /api/survey-prioritization`: every survey with its invitation limit and whether it may be edited here. */
function prioritisationQueryOptions() {
  return queryOptions({
    queryKey: prioritisationKey,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/survey-prioritization',
        schema: z.array(surveyPrioritisationRowSchema),
        signal,
      }),
  });
}

export function usePrioritisation() {
  return useQuery(prioritisationQueryOptions());
}
