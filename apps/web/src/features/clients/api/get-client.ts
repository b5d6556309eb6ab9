import { clientSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { CLIENTS_ENDPOINT, clientKeys } from './client-keys';

/** `GET /api/clients/{id}`: the client without its secret (only HasSecret); 404 when not in the tenant. */
export function useClient(id: string | undefined) {
  return useRecordQuery(CLIENTS_ENDPOINT, id, clientSchema, clientKeys.client);
}
