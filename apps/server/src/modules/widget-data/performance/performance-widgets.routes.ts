import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { performanceRowSchema } from '@loupe/contracts';
import type { ModuleDeps } from '../../../core/deps.js';
import { widgetDataRoute } from '../shared/widget-route.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';
import { journeyRows } from './journey-widget.js';
import { channelPerformanceRows, performanceRows } from './performance-widgets.js';

/**
 * The performance widget data endpoints (reports spec §3 data shapes, §4 drill-down;
 * docs/widgets-performance.md): performance, channel-performance and journey, computed from the analytics replica
 * through the one filter compiler.
 */
export function registerPerformanceWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const post = widgetDataRoute(app, db, cache);
  const performance = z.array(performanceRowSchema);
  post('/api/widget-data/performance', performance, (q) => performanceRows(db, replica, q));
  post('/api/widget-data/channel-performance', performance, (q) => channelPerformanceRows(db, replica, q));
  post('/api/widget-data/journey', performance, (q) => journeyRows(db, replica, q));
}
