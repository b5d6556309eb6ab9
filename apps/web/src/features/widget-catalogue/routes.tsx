import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The catalogue's screens under the shell (report:manage); each page loads on first visit (lazy). */
export const widgetCatalogueRoutes: RouteObject[] = [
  ...recordRoutes(
    'widget-types',
    async () => (await import('./components/widget-types-page')).WidgetTypesPage,
    async () => (await import('./components/widget-type-page')).WidgetTypePage,
  ),
  ...recordRoutes(
    'widgets',
    async () => (await import('./components/widgets-page')).WidgetsPage,
    async () => (await import('./components/widget-page')).WidgetPage,
  ),
];
