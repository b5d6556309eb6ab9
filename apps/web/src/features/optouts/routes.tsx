import type { RouteObject } from 'react-router';

/** The opt-out screens under the shell (shell spec: optouts, optouts/create, optouts/{id}/edit); lazy. */
export const optoutsRoutes: RouteObject[] = [
  {
    path: 'optouts',
    lazy: async () => ({ Component: (await import('./components/optouts-page')).OptoutsPage }),
  },
  {
    path: 'optouts/create',
    lazy: async () => ({ Component: (await import('./components/optout-page')).OptoutPage }),
  },
  {
    path: 'optouts/:id/edit',
    lazy: async () => ({ Component: (await import('./components/optout-page')).OptoutPage }),
  },
];
