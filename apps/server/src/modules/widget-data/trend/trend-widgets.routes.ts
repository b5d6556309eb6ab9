import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { daysOfWeekRowSchema, trendRowSchema } from '@loupe/contracts';
import type { ModuleDeps } from '../../../core/deps.js';
import { widgetDataRoute } from '../shared/widget-route.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';
import { daysOfWeekRows } from './days-of-week-widget.js';
import { topicTrendRows } from './ta-trend.js';
import { respondentTrendRows, trendRows } from './trend-widgets.js';

/**
 * The trend family's data endpoints (docs/widgets-performance.md "Trends", docs/metrics.md): trend,
 * respondent-trend, days-of-week, and the topic trend of the text-analytics module (403 without it).
 */
export function registerTrendWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const post = widgetDataRoute(app, db, cache);
  const trend = z.array(trendRowSchema);
  post('/api/widget-data/trend', trend, (q) => trendRows(replica, q));
  post('/api/widget-data/respondent-trend', trend, (q) => respondentTrendRows(replica, q));
  post('/api/widget-data/days-of-week', z.array(daysOfWeekRowSchema), (q) => daysOfWeekRows(replica, q));
  post('/api/text-analytics/trend', trend, (q) => topicTrendRows(db, replica, q), { ai: true });
}
