import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of the invitee data flow under the shell; each page loads on first visit (lazy). */
export const importsRoutes: RouteObject[] = [
  {
    path: 'invitee-pool',
    lazy: async () => ({ Component: (await import('./components/invitee-pool-page')).InviteePoolPage }),
  },
  {
    path: 'invitee/create',
    lazy: async () => ({ Component: (await import('./components/create-invitee-page')).CreateInviteePage }),
  },
  {
    path: 'import-data-logs',
    lazy: async () => ({ Component: (await import('./components/import-logs-page')).ImportLogsPage }),
  },
  {
    path: 'import-data-logs/create',
    lazy: async () => ({ Component: (await import('./components/import-upload-page')).ImportUploadPage }),
  },
  {
    path: 'import-data-logs/:id',
    lazy: async () => ({ Component: (await import('./components/import-log-page')).ImportLogPage }),
  },
  ...recordRoutes(
    'import-data-sources',
    async () => (await import('./components/import-sources-page')).ImportSourcesPage,
    async () => (await import('./components/import-source-page')).ImportSourcePage,
  ),
];
