import { integrationWorkflowListSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { WORKFLOWS_ENDPOINT, integrationKeys } from './integration-keys';

/** `GET /api/integration-workflows`: the tenant's workflows by order, then name. */
export function useIntegrationWorkflows() {
  return useQuery({
    queryKey: integrationKeys.workflows,
    queryFn: ({ signal }) =>
      apiRequest({ path: WORKFLOWS_ENDPOINT, schema: integrationWorkflowListSchema, signal }),
  });
}
