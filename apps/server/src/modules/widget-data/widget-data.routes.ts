import type { FastifyInstance } from 'fastify';
import type { AdministrationDeps } from '../administration-deps.js';
import { registerImpactWidgetRoutes } from './impact-widgets.routes.js';
import { registerPerformanceWidgetRoutes } from './performance-widgets.routes.js';
import { registerScoreWidgetRoutes } from './score-widgets.routes.js';
import { registerTableWidgetRoutes } from './table-widgets.routes.js';
import { registerTextAnalyticsWidgetRoutes } from './text-analytics-widgets.routes.js';

/**
 * The widget data endpoints (reports spec §7 "POST {widget data endpoint}"; docs/widgets.md): each computes its
 * figures from the analytics replica through the one filter compiler.
 */
export function widgetDataRoutes(app: FastifyInstance, deps: AdministrationDeps): void {
  registerScoreWidgetRoutes(app, deps);
  registerPerformanceWidgetRoutes(app, deps);
  registerTableWidgetRoutes(app, deps);
  registerTextAnalyticsWidgetRoutes(app, deps);
  registerImpactWidgetRoutes(app, deps);
}
