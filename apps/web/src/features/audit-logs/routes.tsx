import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const auditLogsRoutes: RouteObject[] = [
  {
    path: 'audit-logs',
    lazy: async () => ({ Component: (await import('./components/audit-logs-page')).AuditLogsPage }),
  },
  {
    path: 'audit-logs/:id',
    lazy: async () => ({ Component: (await import('./components/audit-log-page')).AuditLogPage }),
  },
];
