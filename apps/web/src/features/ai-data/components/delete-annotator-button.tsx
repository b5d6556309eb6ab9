import { DeleteOutlined } from '@ant-design/icons';
import type { AiAnnotator } from '@loupe/contracts';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DeleteRecordButton,
  type DeleteRecordButtonProps,
} from '@/components/admin-page/confirm-action-button';
import { annotatorName } from '../annotator-values';
import { useDeleteAnnotator } from '../api/ai-annotators';
import styles from './locked-delete.module.css';

type Props = Pick<DeleteRecordButtonProps<number>, 'compact' | 'onDeleted'> & {
  annotator: Pick<AiAnnotator, 'Id' | 'FirstName' | 'LastName' | 'IsLocked'>;
};

/**
 * Deletes an annotator after confirmation. A locked one (linked to a user, spec §5) cannot be deleted: its button
 * is disabled inside a wrapper that the keyboard and screen readers reach and that says why (a disabled button
 * takes no focus and shows no tooltip). Should the server still refuse (19103, a link made meanwhile), the refusal
 * shows translated in a dialog.
 */
export function DeleteAnnotatorButton({ annotator, compact, onDeleted }: Props) {
  const { t } = useTranslation('aiAnnotators');
  const { t: tCommon } = useTranslation();
  const mutation = useDeleteAnnotator();
  const name = annotatorName(annotator);
  if (annotator.IsLocked) {
    const reason = t('delete.locked', { name });
    return (
      <Tooltip title={reason} trigger={['hover', 'focus']}>
        <span className={styles.wrap} role="button" tabIndex={0} aria-disabled="true" aria-label={reason}>
          <span className={styles.control} aria-hidden="true">
            <Button
              danger
              type={compact ? 'text' : 'default'}
              icon={<DeleteOutlined />}
              disabled
              tabIndex={-1}
            >
              {compact ? null : tCommon('admin.delete')}
            </Button>
          </span>
        </span>
      </Tooltip>
    );
  }
  return (
    <DeleteRecordButton<number>
      id={annotator.Id}
      mutation={mutation}
      compact={compact}
      onDeleted={onDeleted}
      texts={{
        label: t('delete.label', { name }),
        confirmTitle: t('delete.confirmTitle', { name }),
        confirmDescription: t('delete.confirmDescription'),
        done: t('delete.done', { name }),
        refused: t('delete.refused', { name }),
      }}
    />
  );
}
