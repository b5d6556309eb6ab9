import { integrationSourceListSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SOURCES_ENDPOINT, integrationKeys } from './integration-keys';

/** `GET /api/integration-sources`: the tenant's sources by name, without their secrets (only HasSecret). */
export function useIntegrationSources() {
  return useQuery({
    queryKey: integrationKeys.sources,
    queryFn: ({ signal }) =>
      apiRequest({ path: SOURCES_ENDPOINT, schema: integrationSourceListSchema, signal }),
  });
}
