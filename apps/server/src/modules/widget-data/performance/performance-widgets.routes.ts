import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  daysOfWeekRowSchema,
  mapRowSchema,
  performanceRowSchema,
  trendRowSchema,
  widgetDataRequestSchema,
  type Scope,
  type WidgetDataRequest,
} from '@loupe/contracts';
import type { Actor } from '../../../core/actor.js';
import type { ModuleDeps } from '../../../core/deps.js';
import { daysOfWeekRows } from '../trend/days-of-week-widget.js';
import { journeyRows } from './journey-widget.js';
import { mapRows } from '../map/map-widget.js';
import { channelPerformanceRows, performanceRows } from './performance-widgets.js';
import { respondentTrendRows, trendRows } from '../trend/trend-widgets.js';
import { loadWidgetQuery } from '../shared/widget-query.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];

/**
 * The trend and performance widget data endpoints (reports spec §3 data shapes, §4 drill-down;
 * docs/widgets-performance.md): trend, respondent-trend, performance, channel-performance, journey, map,
 * days-of-week. Each reads the request into a WidgetQuery (scoped data, report filter, dataFilters) and computes
 * its rows from the analytics replica through the one filter compiler.
 */
export function registerPerformanceWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const route = (response: z.ZodType) => ({
    config: { access: read },
    schema: { body: widgetDataRequestSchema, response: { 200: response } },
  });
  const query = (request: { actor: Actor; body: WidgetDataRequest }) =>
    loadWidgetQuery(db, request.actor, request.body);
  const trend = z.array(trendRowSchema);
  const performance = z.array(performanceRowSchema);

  routes.post('/api/widget-data/trend', route(trend), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => trendRows(replica, q));
  });
  routes.post('/api/widget-data/respondent-trend', route(trend), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => respondentTrendRows(replica, q));
  });
  routes.post('/api/widget-data/performance', route(performance), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => performanceRows(db, replica, q));
  });
  routes.post('/api/widget-data/channel-performance', route(performance), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () =>
      channelPerformanceRows(db, replica, q),
    );
  });
  routes.post('/api/widget-data/journey', route(performance), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => journeyRows(db, replica, q));
  });
  routes.post('/api/widget-data/map', route(z.array(mapRowSchema)), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => mapRows(db, replica, q));
  });
  routes.post(
    '/api/widget-data/days-of-week',
    route(z.array(daysOfWeekRowSchema)),
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => daysOfWeekRows(replica, q));
    },
  );
}
