import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/**
 * The integration screens under the shell (surveys spec §2: integration-sources (+{id}), integration-workflows
 * (+create, {id}); issue 22: the delivery log integration-deliveries); each page loads on first visit.
 */
export const integrationsRoutes: RouteObject[] = [
  ...recordRoutes(
    'integration-sources',
    async () => (await import('./components/sources-page')).SourcesPage,
    async () => (await import('./components/source-page')).SourcePage,
  ),
  ...recordRoutes(
    'integration-workflows',
    async () => (await import('./components/workflows-page')).WorkflowsPage,
    async () => (await import('./components/workflow-page')).WorkflowPage,
  ),
  ...recordRoutes(
    'review-sources',
    async () => (await import('./components/review-sources-page')).ReviewSourcesPage,
    async () => (await import('./components/review-source-page')).ReviewSourcePage,
  ),
  {
    path: 'integration-deliveries',
    lazy: async () => ({ Component: (await import('./components/deliveries-page')).DeliveriesPage }),
  },
];
