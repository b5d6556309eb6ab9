import type { AiSentimentModel } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteSentimentModel } from '../api/sentiment-models';

/** Deletes a sentiment model with all its versions after confirmation. */
export function DeleteSentimentModelButton({
  model,
  ...rest
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { model: Pick<AiSentimentModel, 'Id' | 'Name'> }) {
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: model.Id, Name: model.Name }}
      namespace="aiSentimentModels"
      mutation={useDeleteSentimentModel()}
    />
  );
}
