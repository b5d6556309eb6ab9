import type { AiDataset } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteDataset } from '../api/ai-datasets';

/**
 * Deletes a dataset and its instances after confirmation. One being built is refused by the server (19102), and
 * the refusal shows translated in a dialog.
 */
export function DeleteDatasetButton({
  dataset,
  ...rest
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { dataset: Pick<AiDataset, 'Id' | 'Name'> }) {
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: dataset.Id, Name: dataset.Name }}
      namespace="aiDatasets"
      mutation={useDeleteDataset()}
    />
  );
}
