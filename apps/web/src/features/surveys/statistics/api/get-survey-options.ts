import { surveyLookupItemSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { statisticsKeys } from './statistics-keys';

/** `GET /api/surveys?isForFilter=true`: the surveys the caller reads, for the statistics' survey picker. */
function surveyOptionsQueryOptions() {
  return queryOptions({
    queryKey: statisticsKeys.surveyOptions,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/surveys?isForFilter=true',
        schema: z.array(surveyLookupItemSchema),
        signal,
        // Without the list the picker is empty; the statistics still load.
        showErrorDialog: false,
      }),
    staleTime: 60_000,
  });
}

export function useSurveyOptions() {
  return useQuery(surveyOptionsQueryOptions());
}
