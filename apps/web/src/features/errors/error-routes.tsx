import type { RouteObject } from 'react-router';
import { NotFoundPage } from './components/not-found-page';
import { UnauthorizedPage } from './components/unauthorized-page';

/** The error pages; the app router sends unknown paths to `/404` and missing scopes to `/unathorized` (sic). */
export const errorRoutes: RouteObject[] = [
  { path: '/404', element: <NotFoundPage /> },
  { path: '/unathorized', element: <UnauthorizedPage /> },
];
