import { clientSavedSchema, type ClientCreate, type ClientSaved, type ClientUpdate } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveRecord } from '@/components/admin-page/record-api';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { CLIENTS_ENDPOINT, clientKeys } from './client-keys';

type SaveClientRequest = { create: ClientCreate } | { id: string; update: ClientUpdate };

/**
 * `POST /api/clients` or `PUT /api/clients/{id}`: the saved client, with `Secret` when this call generated one
 * (shown once); 400 with 10011 (id exists), 10012 (the console's client), 3333.
 */
function saveClient(request: SaveClientRequest): Promise<ClientSaved> {
  return saveRecord(
    CLIENTS_ENDPOINT,
    clientSavedSchema,
    'create' in request ? { body: request.create } : { id: request.id, body: request.update },
  );
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
