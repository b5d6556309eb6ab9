import type { QuestionDetail, QuestionRow } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteQuestion } from '../api/delete-question';

/** How a question is named in a message: its text, cut short. */
export function questionName(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Deletes a question after the user confirms it; a refusal (4007: used in a survey, quota or alert rule) shows
 * translated in a dialog.
 */
export function DeleteQuestionButton({
  question,
  ...props
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { question: QuestionRow | QuestionDetail }) {
  return (
    <DeleteNamedRecordButton
      {...props}
      record={{ Id: question.Id, Name: questionName(question.Text) }}
      namespace="questions"
      mutation={useDeleteQuestion()}
    />
  );
}
