import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteExperience } from '../api/delete-experience';
import { useDeleteJourneyStage } from '../api/delete-journey-stage';
import { useDeleteWeightedGroup } from '../api/delete-weighted-group';

/*
 * Each deletes after the user confirms; a refusal (in use, system record, gone) shows translated in a dialog.
 */

export function DeleteExperienceButton(props: DeleteNamedRecordProps<number>) {
  return <DeleteNamedRecordButton {...props} namespace="experiences" mutation={useDeleteExperience()} />;
}

export function DeleteWeightedGroupButton(props: DeleteNamedRecordProps<number>) {
  return <DeleteNamedRecordButton {...props} namespace="experiences" mutation={useDeleteWeightedGroup()} />;
}

export function DeleteJourneyStageButton(props: DeleteNamedRecordProps<number>) {
  return <DeleteNamedRecordButton {...props} namespace="experiences" mutation={useDeleteJourneyStage()} />;
}
