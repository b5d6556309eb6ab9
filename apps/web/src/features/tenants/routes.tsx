import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const tenantsRoutes: RouteObject[] = [
  {
    path: 'tenants',
    lazy: async () => ({ Component: (await import('./components/tenants-page')).TenantsPage }),
  },
  {
    path: 'tenants/create',
    lazy: async () => ({ Component: (await import('./components/tenant-page')).TenantPage }),
  },
  {
    path: 'tenants/:id',
    lazy: async () => ({ Component: (await import('./components/tenant-page')).TenantPage }),
  },
];
