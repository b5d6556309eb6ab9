import { surveysStatisticsSchema } from '@loupe/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiSearch, type StatisticsQuery } from '../statistics-query';
import { statisticsKeys } from './statistics-keys';

/**
 * `GET /api/survey-statistics?from&to&timezoneOffset&period&surveyIds`: the funnel of every survey the caller
 * reads (or the chosen ones), in total, per survey, per channel and per period.
 */
function surveysStatisticsQueryOptions(query: StatisticsQuery, offset: number) {
  return queryOptions({
    queryKey: statisticsKeys.surveys(query, offset),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/survey-statistics?${apiSearch(query, offset)}`,
        schema: surveysStatisticsSchema,
        signal,
      }),
  });
}

export function useSurveysStatistics(query: StatisticsQuery, offset: number) {
  // The figures of the last range stay in view while the next ones load.
  return useQuery({ ...surveysStatisticsQueryOptions(query, offset), placeholderData: keepPreviousData });
}
