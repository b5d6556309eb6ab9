import { integrationSourcesForWorkflowSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';

/** `GET /api/integration-sources-for-workflow`: the sources a workflow may run on (they run actions), by name. */
export function useSourcesForWorkflow() {
  return useQuery({
    queryKey: integrationKeys.sourcesForWorkflow,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/integration-sources-for-workflow',
        schema: integrationSourcesForWorkflowSchema,
        signal,
      }),
  });
}
