/** The integration endpoints and the query keys of their records and lookups (the deliveries grid uses `gridQueryKey`). */
export const SOURCES_ENDPOINT = '/api/integration-sources';
export const WORKFLOWS_ENDPOINT = '/api/integration-workflows';
export const DELIVERIES_ENDPOINT = '/api/integration-deliveries';

export const integrationKeys = {
  sources: [SOURCES_ENDPOINT] as const,
  source: (id: number) => [SOURCES_ENDPOINT, id] as const,
  workflows: [WORKFLOWS_ENDPOINT] as const,
  workflow: (id: number) => [WORKFLOWS_ENDPOINT, id] as const,
  sourcesForWorkflow: ['/api/integration-sources-for-workflow'] as const,
  actions: ['/api/integration-actions'] as const,
};
