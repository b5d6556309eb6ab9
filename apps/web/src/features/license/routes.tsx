import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const licenseRoutes: RouteObject[] = [
  {
    path: 'license-info',
    lazy: async () => ({ Component: (await import('./components/license-info-page')).LicenseInfoPage }),
  },
];
