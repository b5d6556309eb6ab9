import { clientSecretSchema, type ClientSecret } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CLIENTS_ENDPOINT } from './client-keys';

/** `POST /api/clients/{id}/secret`: a new secret for a confidential client, shown once; the old one stops working. */
function regenerateClientSecret(id: string): Promise<ClientSecret> {
  return apiRequest({
    path: `${CLIENTS_ENDPOINT}/${encodeURIComponent(id)}/secret`,
    method: 'POST',
    schema: clientSecretSchema,
  });
}

export function useRegenerateClientSecret() {
  return useMutation({ mutationFn: regenerateClientSecret });
}
