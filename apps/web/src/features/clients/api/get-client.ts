import { clientSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CLIENTS_ENDPOINT, clientKeys } from './client-keys';

/** `GET /api/clients/{id}`: the client without its secret (only HasSecret); 404 when not in the tenant. */
export function clientQueryOptions(id: string) {
  return queryOptions({
    queryKey: clientKeys.client(id),
    queryFn: ({ signal }) =>
      apiRequest({ path: `${CLIENTS_ENDPOINT}/${encodeURIComponent(id)}`, schema: clientSchema, signal }),
  });
}

export function useClient(id: string | undefined) {
  return useQuery({ ...clientQueryOptions(id ?? ''), enabled: id !== undefined });
}
