import type { RouteObject } from 'react-router';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const configurationsRoutes: RouteObject[] = [
  {
    path: 'system-configurations',
    lazy: async () => ({
      Component: (await import('./components/system-configurations-page')).SystemConfigurationsPage,
    }),
  },
  {
    path: 'system-configurations/create',
    lazy: async () => ({
      Component: (await import('./components/system-configuration-page')).SystemConfigurationPage,
    }),
  },
  {
    path: 'system-configurations/:id',
    lazy: async () => ({
      Component: (await import('./components/system-configuration-page')).SystemConfigurationPage,
    }),
  },
  {
    path: 'service-configurations',
    lazy: async () => ({
      Component: (await import('./components/service-configurations-page')).ServiceConfigurationsPage,
    }),
  },
  {
    path: 'service-configurations/create',
    lazy: async () => ({
      Component: (await import('./components/service-configuration-page')).ServiceConfigurationPage,
    }),
  },
  {
    path: 'service-configurations/:id',
    lazy: async () => ({
      Component: (await import('./components/service-configuration-page')).ServiceConfigurationPage,
    }),
  },
  {
    path: 'system-rules',
    lazy: async () => ({
      Component: (await import('./components/system-rules-page')).SystemRulesPage,
    }),
  },
];
