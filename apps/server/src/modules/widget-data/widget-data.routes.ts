import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../core/deps.js';
import { registerImpactWidgetRoutes } from './impact/impact-widgets.routes.js';
import { registerMapWidgetRoutes } from './map/map-widget.routes.js';
import { registerPerformanceWidgetRoutes } from './performance/performance-widgets.routes.js';
import { registerScoreWidgetRoutes } from './score/score-widgets.routes.js';
import { registerTableWidgetRoutes } from './table/table-widgets.routes.js';
import { registerTextAnalyticsWidgetRoutes } from './text-analytics/text-analytics-widgets.routes.js';
import { registerTrendWidgetRoutes } from './trend/trend-widgets.routes.js';
import { labelsVersion } from '../../core/labels-version.js';
import { createWidgetResultCache } from './shared/widget-result-cache.js';

/**
 * The widget data endpoints (reports spec §7 "POST {widget data endpoint}"; docs/widgets.md): each computes its
 * figures from the analytics replica through the one filter compiler.
 */
export function widgetDataRoutes(
  app: FastifyInstance,
  deps: ModuleDeps,
  options: { resultCache: boolean } = { resultCache: true },
): void {
  // One shared result cache for every widget endpoint (widget-result-cache.ts), keyed on the replica's version.
  // Survey titles and question texts come from PostgreSQL: a wizard save changes the labels version.
  const cache = createWidgetResultCache({
    version: () => `${deps.replica.version()}:${labelsVersion()}`,
    enabled: options.resultCache,
  });
  registerScoreWidgetRoutes(app, deps, cache);
  registerTrendWidgetRoutes(app, deps, cache);
  registerPerformanceWidgetRoutes(app, deps, cache);
  registerMapWidgetRoutes(app, deps, cache);
  registerTableWidgetRoutes(app, deps, cache);
  registerTextAnalyticsWidgetRoutes(app, deps, cache);
  registerImpactWidgetRoutes(app, deps, cache);
}
