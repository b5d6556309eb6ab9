import type { RouteObject } from 'react-router';

/** The scheduled-jobs screen under the shell; it loads on first visit (lazy). */
export const scheduledJobsRoutes: RouteObject[] = [
  {
    path: 'scheduled-jobs',
    lazy: async () => ({
      Component: (await import('./components/scheduled-jobs-page')).ScheduledJobsPage,
    }),
  },
];
