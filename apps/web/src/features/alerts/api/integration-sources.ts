import { integrationSourcesForWorkflowSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * The integration sources an alert rule's action may deliver to: `GET /api/integration-sources-for-workflow`
 * (integration:read or integration:manage), the tenant's sources that run actions (behaviour action,
 * listenerAndAction or export), by name. The integrations screens read the same list under the same key.
 */
const ACTION_SOURCES_KEY = ['/api/integration-sources-for-workflow'] as const;

export function useActionSources(enabled: boolean) {
  return useQuery({
    queryKey: ACTION_SOURCES_KEY,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/integration-sources-for-workflow',
        schema: integrationSourcesForWorkflowSchema,
        signal,
        showErrorDialog: false,
      }),
    enabled,
  });
}
