import { questionLookupItemSchema, type QuestionLookupItem } from '@loupe/contracts';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { LOOKUP_STALE_TIME, filterKeys } from './filter-query-keys';

/** `GET /api/questions?surveyId=`: one survey's questions. */
function getSurveyQuestions(surveyId: number, signal?: AbortSignal): Promise<QuestionLookupItem[]> {
  return apiRequest({
    path: `/api/questions?surveyId=${surveyId}`,
    schema: z.array(questionLookupItemSchema),
    signal,
    showErrorDialog: false,
  });
}

function combine(results: UseQueryResult<QuestionLookupItem[]>[]) {
  return {
    questions: results.flatMap((result) => result.data ?? []),
    isLoading: results.some((result) => result.isLoading),
    isError: results.some((result) => result.isError),
  };
}

/** The questions of the chosen surveys, each survey's list loaded once and reused. */
export function useSurveyQuestions(surveyIds: readonly number[], enabled = true) {
  return useQueries({
    queries: surveyIds.map((surveyId) => ({
      queryKey: filterKeys.questions(surveyId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSurveyQuestions(surveyId, signal),
      staleTime: LOOKUP_STALE_TIME,
      enabled,
    })),
    combine,
  });
}
