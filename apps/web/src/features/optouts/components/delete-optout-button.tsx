import type { Optout } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteOptout } from '../api/optouts';

/** The address an opt-out is known by in texts: its email, else its MSISDN. */
export const optoutName = (optout: Pick<Optout, 'Email' | 'Msisdn' | 'Id'>) =>
  optout.Email ?? optout.Msisdn ?? `#${optout.Id}`;

/** Deletes an opt-out after confirmation (the customer may be invited again). */
export function DeleteOptoutButton({
  optout,
  ...rest
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { optout: Optout }) {
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: optout.Id, Name: optoutName(optout) }}
      namespace="optouts"
      mutation={useDeleteOptout()}
    />
  );
}
