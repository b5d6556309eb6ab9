import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { QUESTIONS_ENDPOINT, questionKeys } from './question-keys';

/** `DELETE /api/questions/{id}`: 204, or 400 with 4007 (used in a survey, quota or alert rule); 404. */
function deleteQuestion(id: number): Promise<void> {
  return deleteRecord(QUESTIONS_ENDPOINT, id);
}

export function useDeleteQuestion() {
  return useDeleteRecordMutation(deleteQuestion, {
    endpoint: QUESTIONS_ENDPOINT,
    recordKey: questionKeys.question,
  });
}
