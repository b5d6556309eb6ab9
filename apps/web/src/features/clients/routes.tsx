import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const clientsRoutes: RouteObject[] = [
  {
    path: 'clients',
    lazy: async () => ({ Component: (await import('./components/clients-page')).ClientsPage }),
  },
  {
    path: 'clients/create',
    lazy: async () => ({ Component: (await import('./components/client-page')).ClientPage }),
  },
  {
    path: 'clients/:id',
    lazy: async () => ({ Component: (await import('./components/client-page')).ClientPage }),
  },
];
