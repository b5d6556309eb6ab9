import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { filterKeys } from '@/components/report-filter/api/filter-query-keys';
import { gridQueryKey } from '@/components/data-grid/data-grid';

/** The grids' endpoints and the query keys of the wizard's records and select lists (grids use `gridQueryKey`). */
export const SURVEYS_ENDPOINT = '/api/surveys';
export const QUESTIONS_ENDPOINT = '/api/questions';

export const surveyKeys = {
  survey: (id: number) => ['surveys', id] as const,
  testUsers: ['testusers'] as const,
  targetTypes: ['surveyTargetTypes'] as const,
  question: (id: number) => ['questions', id] as const,
  library: (search: string) => ['questions', 'library', search] as const,
};

/**
 * After a survey or question changes: the surveys and questions grids, the library picker, and the lookups the
 * report filters and widget dialogs choose surveys and questions from (kept 5 minutes otherwise), so a report
 * widget's picker shows the change at once.
 */
export function useSurveyCacheUpkeep(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: gridQueryKey(SURVEYS_ENDPOINT) }),
      queryClient.invalidateQueries({ queryKey: gridQueryKey(QUESTIONS_ENDPOINT) }),
      queryClient.invalidateQueries({ queryKey: ['questions', 'library'] }),
      queryClient.invalidateQueries({ queryKey: filterKeys.lookup('surveys') }),
      queryClient.invalidateQueries({ queryKey: filterKeys.lookup('dataSourceSurveys') }),
      queryClient.invalidateQueries({ queryKey: [...filterKeys.lookup('questions')] }),
    ]);
  }, [queryClient]);
}
