import type { TFunction } from 'i18next';
import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useTranslation } from 'react-i18next';
import { useDeleteIntegrationSource } from '../api/delete-integration-source';
import { useDeleteIntegrationWorkflow } from '../api/delete-integration-workflow';

type Props = {
  record: { Id: number; Name: string };
  compact?: boolean;
  onDeleted?: () => void;
};

/** The delete button's texts of one record kind (`sources` or `workflows`), named after the record. */
function deleteTexts(t: TFunction<'integrations'>, kind: 'sources' | 'workflows', name: string) {
  return {
    label: t(`${kind}.delete.label`, { name }),
    confirmTitle: t(`${kind}.delete.confirmTitle`, { name }),
    confirmDescription: t(`${kind}.delete.confirmDescription`),
    done: t(`${kind}.delete.done`, { name }),
    refused: t(`${kind}.delete.refused`, { name }),
  };
}

/** Deletes a source after the user confirms; a refusal (workflows run on it) shows translated in a dialog. */
export function DeleteSourceButton({ record, ...rest }: Props) {
  const { t } = useTranslation('integrations');
  return (
    <DeleteRecordButton<number>
      {...rest}
      id={record.Id}
      mutation={useDeleteIntegrationSource()}
      texts={deleteTexts(t, 'sources', record.Name)}
    />
  );
}

/** Deletes a workflow after the user confirms; its deliveries stay in the log. */
export function DeleteWorkflowButton({ record, ...rest }: Props) {
  const { t } = useTranslation('integrations');
  return (
    <DeleteRecordButton<number>
      {...rest}
      id={record.Id}
      mutation={useDeleteIntegrationWorkflow()}
      texts={deleteTexts(t, 'workflows', record.Name)}
    />
  );
}
