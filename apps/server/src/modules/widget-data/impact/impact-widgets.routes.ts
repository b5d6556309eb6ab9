import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  impactRowSchema,
  topPhraseRowSchema,
  widgetDataRequestSchema,
  type Scope,
  type WidgetDataRequest,
} from '@loupe/contracts';
import type { Actor } from '../../../core/actor.js';
import type { ModuleDeps } from '../../../core/deps.js';
import { assertAiModule } from '../shared/ai-module-guard.js';
import { closedEndImpactRows } from './closed-end-impact-widget.js';
import { topicImpactRows } from './impact-widgets.js';
import { topPhraseRows } from './top-phrases-widget.js';
import { loadWidgetQuery } from '../shared/widget-query.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];

/**
 * The impact butterflies and the top phrases (docs/metrics.md): POST the report filter, ReportId and the
 * widget's DataFilters. The two text-analytics endpoints answer 403 (2507, widget locked) without the AI module;
 * the closed-ended-question impact is not an AI widget.
 */
export function registerImpactWidgetRoutes(
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

  routes.post('/api/text-analytics/impact', route(z.array(impactRowSchema)), async (request, reply) => {
    await assertAiModule(db, request.actor, request.body);
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => topicImpactRows(db, replica, q));
  });
  routes.post(
    '/api/widget-data/closed-end-impact',
    route(z.array(impactRowSchema)),
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => closedEndImpactRows(db, replica, q));
    },
  );
  routes.post(
    '/api/text-analytics/top-phrases',
    route(z.array(topPhraseRowSchema)),
    async (request, reply) => {
      await assertAiModule(db, request.actor, request.body);
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => topPhraseRows(replica, q));
    },
  );
}
