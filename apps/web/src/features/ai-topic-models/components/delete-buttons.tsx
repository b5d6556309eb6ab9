import { useTranslation } from 'react-i18next';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useDeleteModelLabel } from '../api/model-label-mappings';
import { useDeleteTopicModelGroup } from '../api/topic-model-groups';
import { useDeleteTopicModel } from '../api/topic-models';
import { useDeleteTopic } from '../api/topics';

/*
 * Each deletes after the user confirms; a refusal (an annotation work uses the model, a topic has sub-topics)
 * shows translated in a dialog.
 */

type Props = { record: { Id: number; Name: string }; compact?: boolean; onDeleted?: () => void };

function useTexts(kind: 'model' | 'topic' | 'group' | 'label', name: string) {
  const { t } = useTranslation('aiTopicModels');
  return {
    label: t(`delete.${kind}.label`, { name }),
    confirmTitle: t(`delete.${kind}.confirmTitle`, { name }),
    confirmDescription: t('delete.confirmDescription'),
    done: t(`delete.${kind}.done`, { name }),
    refused: t(`delete.${kind}.refused`, { name }),
  };
}

export function DeleteTopicModelButton({ record, ...rest }: Props) {
  const texts = useTexts('model', record.Name);
  return <DeleteRecordButton {...rest} id={record.Id} mutation={useDeleteTopicModel()} texts={texts} />;
}

export function DeleteTopicButton({ record, modelId, ...rest }: Props & { modelId: number }) {
  const texts = useTexts('topic', record.Name);
  return <DeleteRecordButton {...rest} id={record.Id} mutation={useDeleteTopic(modelId)} texts={texts} />;
}

export function DeleteTopicModelGroupButton({ record, ...rest }: Props) {
  const texts = useTexts('group', record.Name);
  return <DeleteRecordButton {...rest} id={record.Id} mutation={useDeleteTopicModelGroup()} texts={texts} />;
}

export function DeleteModelLabelButton({ record, ...rest }: Props) {
  const texts = useTexts('label', record.Name);
  return <DeleteRecordButton {...rest} id={record.Id} mutation={useDeleteModelLabel()} texts={texts} />;
}
