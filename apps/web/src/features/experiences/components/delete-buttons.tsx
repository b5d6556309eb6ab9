import { useTranslation } from 'react-i18next';
import { DeleteRecordButton, type ActionMutation } from '@/components/admin-page/confirm-action-button';
import { useDeleteExperience } from '../api/delete-experience';
import { useDeleteJourneyStage } from '../api/delete-journey-stage';
import { useDeleteWeightedGroup } from '../api/delete-weighted-group';

type Props = {
  record: { Id: number; Name: string };
  /** After the record is gone (e.g. back to the list). */
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
  disabled?: boolean;
};

/** Deletes after the user confirms; a refusal (in use, system record, gone) shows translated in a dialog. */
function DeleteMetadataButton({ record, mutation, ...rest }: Props & { mutation: ActionMutation<number> }) {
  const { t } = useTranslation('experiences');
  const name = record.Name;
  return (
    <DeleteRecordButton
      {...rest}
      id={record.Id}
      mutation={mutation}
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

export function DeleteExperienceButton(props: Props) {
  return <DeleteMetadataButton {...props} mutation={useDeleteExperience()} />;
}

export function DeleteWeightedGroupButton(props: Props) {
  return <DeleteMetadataButton {...props} mutation={useDeleteWeightedGroup()} />;
}

export function DeleteJourneyStageButton(props: Props) {
  return <DeleteMetadataButton {...props} mutation={useDeleteJourneyStage()} />;
}
