import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const tenantsRoutes: RouteObject[] = recordRoutes(
  'tenants',
  async () => (await import('./components/tenants-page')).TenantsPage,
  async () => (await import('./components/tenant-page')).TenantPage,
);
