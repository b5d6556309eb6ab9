import { surveyStatisticsSchema } from '@loupe/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiSearch, type StatisticsQuery } from '../statistics-query';
import { statisticsKeys } from './statistics-keys';

/**
 * `GET /api/surveys/{id}/statistics?from&to&timezoneOffset&period`: one survey's funnel, by channel and over time,
 * the median completion time and each question's answers and drop-off (404 when the survey is not the caller's).
 */
function surveyStatisticsQueryOptions(id: number, query: StatisticsQuery, offset: number) {
  return queryOptions({
    queryKey: statisticsKeys.survey(id, query, offset),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/surveys/${id}/statistics?${apiSearch(query, offset, false)}`,
        schema: surveyStatisticsSchema,
        signal,
        // A 404 (another tenant's or a deleted survey) is shown on the page, not in the error dialog.
        showErrorDialog: 'serverErrorsOnly',
      }),
  });
}

export function useSurveyStatistics(id: number | undefined, query: StatisticsQuery, offset: number) {
  return useQuery({
    ...surveyStatisticsQueryOptions(id ?? 0, query, offset),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}
