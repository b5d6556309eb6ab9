import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardDataSchema,
  gaugeDataSchema,
  npsGaugeDataSchema,
  segmentedGaugeDataSchema,
  widgetDataRequestSchema,
  type Scope,
  type WidgetDataRequest,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../../core/deps.js';
import type { Actor } from '../../../core/actor.js';
import { createScoreWidgets } from './score-widgets.js';
import { loadWidgetQuery } from '../shared/widget-query.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];

/**
 * The score widgets' data endpoints (docs/widgets-score.md): POST the report filter, ReportId and the widget's
 * DataFilters; the answer is the kind's data shape (reports spec §3).
 */
export function registerScoreWidgetRoutes(
  app: FastifyInstance,
  deps: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const widgets = createScoreWidgets(deps);
  const query = (request: { actor: Actor; body: WidgetDataRequest }) =>
    loadWidgetQuery(deps.db, request.actor, request.body);
  const schema = <T>(response: T) => ({ body: widgetDataRequestSchema, response: { 200: response } });
  const config = { access: read };

  routes.post(
    '/api/widget-data/nps',
    { config, schema: schema(npsGaugeDataSchema) },
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => widgets.nps(q));
    },
  );
  routes.post(
    '/api/widget-data/score',
    { config, schema: schema(gaugeDataSchema) },
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => widgets.score(q));
    },
  );
  routes.post('/api/widget-data/card', { config, schema: schema(cardDataSchema) }, async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => widgets.card(q));
  });
  routes.post(
    '/api/widget-data/segments',
    { config, schema: schema(segmentedGaugeDataSchema) },
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => widgets.segments(q));
    },
  );
  routes.post(
    '/api/widget-data/weighted-experience',
    { config, schema: schema(gaugeDataSchema) },
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => widgets.weightedExperience(q));
    },
  );
}
