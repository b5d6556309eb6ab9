import { integrationActionListSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';

/** `GET /api/integration-actions`: every action with the source kinds it runs on and its fields. */
export function useIntegrationActions() {
  return useQuery({
    queryKey: integrationKeys.actions,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/integration-actions', schema: integrationActionListSchema, signal }),
    // The list is fixed by the server's build.
    staleTime: Infinity,
  });
}
