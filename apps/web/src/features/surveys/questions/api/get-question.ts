import { questionDetailSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { QUESTIONS_ENDPOINT, questionKeys } from './question-keys';

/** `GET /api/questions/{id}`: the question with its choices, sub-questions and use (404 when not the tenant's). */
export function useQuestion(id: number | undefined) {
  return useRecordQuery(QUESTIONS_ENDPOINT, id, questionDetailSchema, questionKeys.question);
}
