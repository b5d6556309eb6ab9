import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const clientsRoutes: RouteObject[] = recordRoutes(
  'clients',
  async () => (await import('./components/clients-page')).ClientsPage,
  async () => (await import('./components/client-page')).ClientPage,
);
