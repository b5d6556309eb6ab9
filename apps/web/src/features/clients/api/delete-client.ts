import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { CLIENTS_ENDPOINT, clientKeys } from './client-keys';

/** `DELETE /api/clients/{id}`: 204 (its refresh tokens go too), or 400 with 10012 (the console's client); 404. */
function deleteClient(id: string): Promise<void> {
  return deleteRecord(CLIENTS_ENDPOINT, id);
}

export function useDeleteClient() {
  return useDeleteRecordMutation(deleteClient, { endpoint: CLIENTS_ENDPOINT, recordKey: clientKeys.client });
}
