import { questionDetailSchema, type QuestionDetail } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';
import { QUESTIONS_ENDPOINT, questionKeys } from './question-keys';

/**
 * `POST /api/questions/{id}/clone`: the unplaced copy (no integration codes, measurement flag off), or 400 with
 * 4026 while the question's measurement flag is on; 404.
 */
function cloneQuestion(id: number): Promise<QuestionDetail> {
  return apiRequest({
    path: `${QUESTIONS_ENDPOINT}/${id}/clone`,
    method: 'POST',
    schema: questionDetailSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useCloneQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneQuestion,
    onSuccess: (copy) => {
      queryClient.setQueryData(questionKeys.question(copy.Id), copy);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(QUESTIONS_ENDPOINT) });
    },
  });
}
