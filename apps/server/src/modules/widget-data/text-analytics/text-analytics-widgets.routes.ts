import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bubbleDataSchema,
  COMMENTS_DEFAULT_PAGE_SIZE,
  commentsDataSchema,
  widgetDataRequestSchema,
  type WidgetDataRequest,
} from '@loupe/contracts';
import type { Actor } from '../../../core/actor.js';
import type { ModuleDeps } from '../../../core/deps.js';
import { assertAiModule } from '../shared/ai-module-guard.js';
import { bubbleData } from './ta-bubble.js';
import { callerOffset } from '../shared/caller-time.js';
import { commentsData } from './ta-comments.js';
import { loadWidgetQuery } from '../shared/widget-query.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';
import { WIDGET_DATA_ACCESS, widgetDataRoute } from '../shared/widget-route.js';

/** The largest page of comments. */
const COMMENTS_MAX_TOP = 50;

const commentsQuerySchema = z.object({
  $top: z.coerce.number().int().min(1).max(COMMENTS_MAX_TOP).optional().default(COMMENTS_DEFAULT_PAGE_SIZE),
  $skip: z.coerce.number().int().min(0).max(100_000_000).optional().default(0),
});

/**
 * The text-analytics widget data endpoints (reports spec §3 data shapes, §4 drill-down, §6 AI gating;
 * docs/metrics.md): POST /api/text-analytics/bubble and comments (`$top` at most 50, default 10, `$skip`) with
 * the widget data body; the emotion curve and sentiment by branch are the impact family's, the topic trend the
 * trend family's. They answer 403 with code 2507 unless the tenant's AI module is active, then read the request
 * into a WidgetQuery and compute from the replica's comments.
 */
export function registerTextAnalyticsWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const query = async (request: { actor: Actor; body: WidgetDataRequest }) => {
    await assertAiModule(db, request.actor, request.body);
    return loadWidgetQuery(db, request.actor, request.body);
  };

  const post = widgetDataRoute(app, db, cache);
  post('/api/text-analytics/bubble', bubbleDataSchema, (q) => bubbleData(db, replica, q), { ai: true });
  routes.post(
    '/api/text-analytics/comments',
    {
      config: { access: WIDGET_DATA_ACCESS },
      schema: {
        querystring: commentsQuerySchema,
        body: widgetDataRequestSchema,
        response: { 200: commentsDataSchema },
      },
    },
    async (request, reply) => {
      const q = await query(request);
      const page = {
        top: request.query.$top,
        skip: request.query.$skip,
        offset: callerOffset(request.headers),
      };
      return cache.send(reply, request.routeOptions.url!, q, page, () => commentsData(db, replica, q, page));
    },
  );
}
