import type { RouteObject } from 'react-router';

/**
 * The email report screens under the shell (shell spec: email-report-notifications, …/create, …/{id}); lazy.
 */
export const emailReportsRoutes: RouteObject[] = [
  {
    path: 'email-report-notifications',
    lazy: async () => ({ Component: (await import('./components/email-reports-page')).EmailReportsPage }),
  },
  {
    path: 'email-report-notifications/create',
    lazy: async () => ({ Component: (await import('./components/email-report-page')).EmailReportPage }),
  },
  {
    path: 'email-report-notifications/:id',
    lazy: async () => ({ Component: (await import('./components/email-report-page')).EmailReportPage }),
  },
];
