import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const rolesRoutes: RouteObject[] = recordRoutes(
  'roles',
  async () => (await import('./components/roles-page')).RolesPage,
  async () => (await import('./components/role-page')).RolePage,
);
