import { DeleteRecordButton } from '@/components/admin-page/confirm-action-button';
import { useTranslation } from 'react-i18next';
import { useDeleteIntegrationSource } from '../api/delete-integration-source';
import { useDeleteIntegrationWorkflow } from '../api/delete-integration-workflow';

type Props = {
  record: { Id: number; Name: string };
  compact?: boolean;
  onDeleted?: () => void;
};

/** Deletes a source after the user confirms; a refusal (workflows run on it) shows translated in a dialog. */
export function DeleteSourceButton({ record, ...rest }: Props) {
  const { t } = useTranslation('integrations');
  const name = record.Name;
  return (
    <DeleteRecordButton<number>
      {...rest}
      id={record.Id}
      mutation={useDeleteIntegrationSource()}
      texts={{
        label: t('sources.delete.label', { name }),
        confirmTitle: t('sources.delete.confirmTitle', { name }),
        confirmDescription: t('sources.delete.confirmDescription'),
        done: t('sources.delete.done', { name }),
        refused: t('sources.delete.refused', { name }),
      }}
    />
  );
}

/** Deletes a workflow after the user confirms; its deliveries stay in the log. */
export function DeleteWorkflowButton({ record, ...rest }: Props) {
  const { t } = useTranslation('integrations');
  const name = record.Name;
  return (
    <DeleteRecordButton<number>
      {...rest}
      id={record.Id}
      mutation={useDeleteIntegrationWorkflow()}
      texts={{
        label: t('workflows.delete.label', { name }),
        confirmTitle: t('workflows.delete.confirmTitle', { name }),
        confirmDescription: t('workflows.delete.confirmDescription'),
        done: t('workflows.delete.done', { name }),
        refused: t('workflows.delete.refused', { name }),
      }}
    />
  );
}
