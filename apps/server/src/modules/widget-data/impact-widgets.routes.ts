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
import type { Actor } from '../../plugins/auth.js';
import type { AdministrationDeps } from '../administration-deps.js';
import { assertAiModule } from './ai-module-guard.js';
import { closedEndImpactRows } from './closed-end-impact-widget.js';
import { topicImpactRows } from './impact-widgets.js';
import { topPhraseRows } from './top-phrases-widget.js';
import { loadWidgetQuery } from './widget-query.js';
import type { WidgetResultCache } from './widget-result-cache.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];

/**
 * The impact butterflies and the top phrases (docs/metrics.md): POST the report filter, ReportId and the
 * widget's DataFilters. The two text-analytics endpoints answer 403 (2507, widget locked) without the AI module;
 * the closed-ended-question impact is not an AI widget.
 */
export function registerImpactWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: AdministrationDeps,
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
