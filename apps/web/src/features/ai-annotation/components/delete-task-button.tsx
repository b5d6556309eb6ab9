import type { AiAnnotationTask } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useDeleteTask } from '../api/annotation-works';

/** Deletes a task after confirmation (its labels stay with the work). */
export function DeleteTaskButton({
  task,
  compact,
  onDeleted,
}: {
  task: Pick<AiAnnotationTask, 'Id' | 'WorkId' | 'Name'>;
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('aiAnnotation');
  const name = task.Name;
  return (
    <DeleteRecordButton
      compact={compact}
      id={task.Id}
      mutation={useDeleteTask(task.WorkId)}
      onDeleted={onDeleted}
      texts={{
        label: t('tasks.delete.label', { name }),
        confirmTitle: t('tasks.delete.confirmTitle', { name }),
        confirmDescription: t('tasks.delete.confirmDescription'),
        done: t('tasks.delete.done', { name }),
        refused: t('tasks.delete.refused', { name }),
      }}
    />
  );
}
