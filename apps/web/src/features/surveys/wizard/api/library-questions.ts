import {
  gridPageSchema,
  questionDetailSchema,
  questionRowSchema,
  type QuestionDetail,
} from '@loupe/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { fetchGridPage } from '@/components/data-grid/grid-api';
import { buildGridParams } from '@/components/data-grid/grid-query';
import { apiRequest } from '@/lib/api-client';
import { QUESTIONS_ENDPOINT, surveyKeys, useSurveyCacheUpkeep } from './survey-keys';

const libraryPageSchema = gridPageSchema(questionRowSchema);
/** How many library questions the picker lists for one search. */
export const LIBRARY_PICKER_SIZE = 50;

/** `GET /api/questions` (the library grid), the first questions whose text contains `search`. */
export function useLibraryQuestions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: surveyKeys.library(search),
    queryFn: ({ signal }) =>
      fetchGridPage({
        endpoint: QUESTIONS_ENDPOINT,
        params: buildGridParams({
          page: 1,
          pageSize: LIBRARY_PICKER_SIZE,
          search,
          searchField: 'Text',
          defaultOrder: 'Id desc',
        }),
        schema: libraryPageSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function questionQueryOptions(id: number) {
  return {
    queryKey: surveyKeys.question(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest({ path: `${QUESTIONS_ENDPOINT}/${id}`, schema: questionDetailSchema, signal }),
  };
}

/** `GET /api/questions/{id}` of each id: their choices (display logic values, the preview). */
export function useQuestionDetails(ids: readonly number[]): Map<number, QuestionDetail> {
  const results = useQueries({ queries: ids.map((id) => questionQueryOptions(id)) });
  const details = new Map<number, QuestionDetail>();
  for (const result of results) if (result.data) details.set(result.data.Id, result.data);
  return details;
}

/** `POST /api/questions/{id}/clone`: the copy, a library question with the measurement flag off (4026). */
export function useCloneQuestion() {
  const upkeep = useSurveyCacheUpkeep();
  return useMutation({
    mutationFn: (id: number): Promise<QuestionDetail> =>
      apiRequest({
        path: `${QUESTIONS_ENDPOINT}/${id}/clone`,
        method: 'POST',
        schema: questionDetailSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: () => upkeep(),
  });
}
