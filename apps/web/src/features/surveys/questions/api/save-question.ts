import { questionDetailSchema, type QuestionDetail, type QuestionSave } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { QUESTIONS_ENDPOINT, questionKeys } from './question-keys';

/**
 * `POST /api/questions` (no id) or `PUT /api/questions/{id}`: the saved question, or 400 with 2035 (integration
 * code used), 4008 (change alters answers), 4009-4012 (sub-question and choice rules), 4028 (image), 3333.
 */
function saveQuestion(request: SaveRecordRequest<QuestionSave>): Promise<QuestionDetail> {
  return saveRecord(QUESTIONS_ENDPOINT, questionDetailSchema, request);
}

export function useSaveQuestion() {
  return useSaveRecordMutation(saveQuestion, {
    endpoint: QUESTIONS_ENDPOINT,
    recordKey: questionKeys.question,
  });
}
