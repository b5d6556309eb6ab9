import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmActionButton, type ActionMutation } from '@/components/admin-page/confirm-action-button';
import { recordUrl } from '@/components/admin-page/record-id';
import { useCloneQuestion } from '../api/clone-question';

/**
 * Copies the question into the library after a confirmation and opens the copy; a refusal (4026: the measurement
 * flag is on) shows translated in a dialog.
 */
export function CopyQuestionButton({ id, listPath }: { id: number; listPath: string }) {
  const { t } = useTranslation('questions');
  const navigate = useNavigate();
  const clone = useCloneQuestion();
  // The button's mutation, opening the copy once it is there.
  const mutation: ActionMutation<number> = {
    isPending: clone.isPending,
    mutate: (variables, { onSuccess, onError }) =>
      clone.mutate(variables, {
        onSuccess: (copy) => {
          onSuccess();
          void navigate(recordUrl(listPath, copy.Id));
        },
        onError,
      }),
  };
  return (
    <ConfirmActionButton<number>
      variables={id}
      mutation={mutation}
      icon={<CopyOutlined aria-hidden="true" />}
      texts={{
        label: t('copy.button'),
        button: t('copy.button'),
        confirmTitle: t('copy.confirmTitle'),
        confirmDescription: t('copy.confirmDescription'),
        done: t('copy.done'),
        refused: t('copy.refused'),
      }}
    />
  );
}
