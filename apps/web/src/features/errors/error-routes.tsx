import type { RouteObject } from 'react-router';

/**
 * The error pages; the app router sends unknown paths to `/404` and missing scopes to `/unathorized` (sic).
 * They load on first visit (lazy): antd's Result with its illustrations is not for the sign-in page.
 */
export const errorRoutes: RouteObject[] = [
  {
    path: '/404',
    lazy: async () => ({ Component: (await import('./components/not-found-page')).NotFoundPage }),
  },
  {
    path: '/unathorized',
    lazy: async () => ({ Component: (await import('./components/unauthorized-page')).UnauthorizedPage }),
  },
];
