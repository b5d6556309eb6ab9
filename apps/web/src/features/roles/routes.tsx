import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const rolesRoutes: RouteObject[] = [
  {
    path: 'roles',
    lazy: async () => ({ Component: (await import('./components/roles-page')).RolesPage }),
  },
  {
    path: 'roles/create',
    lazy: async () => ({ Component: (await import('./components/role-page')).RolePage }),
  },
  {
    path: 'roles/:id',
    lazy: async () => ({ Component: (await import('./components/role-page')).RolePage }),
  },
];
