import { clientSavedSchema, type ClientCreate, type ClientSaved, type ClientUpdate } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { CLIENTS_ENDPOINT, clientKeys } from './client-keys';

export type SaveClientRequest = { create: ClientCreate } | { id: string; update: ClientUpdate };

/**
 * `POST /api/clients` or `PUT /api/clients/{id}`: the saved client, with `Secret` when this call generated one
 * (shown once); 400 with 10011 (id exists), 10012 (the console's client), 3333.
 */
export function saveClient(request: SaveClientRequest): Promise<ClientSaved> {
  const create = 'create' in request;
  return apiRequest({
    path: create ? CLIENTS_ENDPOINT : `${CLIENTS_ENDPOINT}/${encodeURIComponent(request.id)}`,
    method: create ? 'POST' : 'PUT',
    body: create ? request.create : request.update,
    schema: clientSavedSchema,
    // The form shows the expected refusals itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: ({ Secret: _secret, ...saved }) => {
      // The cached record never holds the secret.
      queryClient.setQueryData(clientKeys.client(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(CLIENTS_ENDPOINT) });
    },
  });
}
