import type { RouteObject } from 'react-router';

/** The report pages under the shell (reports/{slug} and dashboard); each page loads on first visit (lazy). */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports/:slug',
    lazy: async () => ({ Component: (await import('./components/report-page')).ReportPage }),
  },
  {
    path: 'report-list',
    lazy: async () => ({ Component: (await import('./components/report-list-page')).ReportListPage }),
  },
  {
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('./components/dashboard-page')).DashboardPage }),
  },
];
