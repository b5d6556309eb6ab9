import type { RouteObject } from 'react-router';

/** The health check and the server log under the shell; each page loads on first visit (lazy). */
export const healthLogsRoutes: RouteObject[] = [
  {
    path: 'health-check',
    lazy: async () => ({ Component: (await import('./components/health-check-page')).HealthCheckPage }),
  },
  {
    path: 'logs',
    lazy: async () => ({ Component: (await import('./components/logs-page')).LogsPage }),
  },
];
