import { DeleteOutlined } from '@ant-design/icons';
import type { AiAnnotator } from '@loupe/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { DisabledWithReason } from '@/components/later-release';
import { annotatorName } from '../annotator-values';
import { useDeleteAnnotator } from '../api/ai-annotators';

type Props = Omit<DeleteNamedRecordProps<number>, 'record'> & {
  annotator: Pick<AiAnnotator, 'Id' | 'FirstName' | 'LastName' | 'IsLocked'>;
};

/**
 * Deletes an annotator after confirmation. A locked one (linked to a user, spec §5) cannot be deleted: its button
 * is disabled and says why, to the keyboard and screen readers too. Should the server still refuse (19103, a link
 * made meanwhile), the refusal shows translated in a dialog.
 */
export function DeleteAnnotatorButton({ annotator, ...rest }: Props) {
  const { t } = useTranslation('aiAnnotators');
  const { t: tCommon } = useTranslation();
  const mutation = useDeleteAnnotator();
  const name = annotatorName(annotator);
  if (annotator.IsLocked)
    return (
      <DisabledWithReason reason={t('delete.locked', { name })}>
        <Button
          danger
          type={rest.compact ? 'text' : 'default'}
          icon={<DeleteOutlined />}
          disabled
          tabIndex={-1}
        >
          {rest.compact ? null : tCommon('admin.delete')}
        </Button>
      </DisabledWithReason>
    );
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: annotator.Id, Name: name }}
      namespace="aiAnnotators"
      mutation={mutation}
    />
  );
}
