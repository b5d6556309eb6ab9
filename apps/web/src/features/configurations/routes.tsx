import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The screens of this feature under the shell; each page loads on first visit (lazy). */
export const configurationsRoutes: RouteObject[] = [
  ...recordRoutes(
    'system-configurations',
    async () => (await import('./components/system-configurations-page')).SystemConfigurationsPage,
    async () => (await import('./components/system-configuration-page')).SystemConfigurationPage,
  ),
  ...recordRoutes(
    'service-configurations',
    async () => (await import('./components/service-configurations-page')).ServiceConfigurationsPage,
    async () => (await import('./components/service-configuration-page')).ServiceConfigurationPage,
  ),
  {
    path: 'system-rules',
    lazy: async () => ({ Component: (await import('./components/system-rules-page')).SystemRulesPage }),
  },
];
