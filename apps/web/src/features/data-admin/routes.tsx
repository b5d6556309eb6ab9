import type { RouteObject } from 'react-router';

/** The REST data log and custom data management screens under the shell (issue 18 items 7 and 9); lazy. */
export const dataAdminRoutes: RouteObject[] = [
  {
    path: 'data-validation-logs',
    lazy: async () => ({
      Component: (await import('./components/data-validation-logs-page')).DataValidationLogsPage,
    }),
  },
  {
    path: 'data-validation-logs/:id',
    lazy: async () => ({
      Component: (await import('./components/data-validation-log-page')).DataValidationLogPage,
    }),
  },
  {
    path: 'custom-data-management',
    lazy: async () => ({ Component: (await import('./components/custom-data-page')).CustomDataPage }),
  },
];
