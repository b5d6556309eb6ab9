import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bubbleDataSchema,
  COMMENTS_DEFAULT_PAGE_SIZE,
  commentsDataSchema,
  emotionCurveRowSchema,
  sentimentBranchRowSchema,
  trendRowSchema,
  widgetDataRequestSchema,
  type Scope,
  type WidgetDataRequest,
} from '@loupe/contracts';
import type { Actor } from '../../../core/actor.js';
import type { ModuleDeps } from '../../../core/deps.js';
import { assertAiModule } from '../shared/ai-module-guard.js';
import { bubbleData } from './ta-bubble.js';
import { callerOffset } from '../shared/caller-time.js';
import { commentsData } from './ta-comments.js';
import { emotionCurveRows } from '../impact/ta-emotion-curve.js';
import { sentimentBranchRows } from '../impact/ta-sentiment-branch.js';
import { topicTrendRows } from '../trend/ta-trend.js';
import { loadWidgetQuery } from '../shared/widget-query.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];

/** The largest page of comments. */
const COMMENTS_MAX_TOP = 50;

const commentsQuerySchema = z.object({
  $top: z.coerce.number().int().min(1).max(COMMENTS_MAX_TOP).optional().default(COMMENTS_DEFAULT_PAGE_SIZE),
  $skip: z.coerce.number().int().min(0).max(100_000_000).optional().default(0),
});

/**
 * The text-analytics widget data endpoints (reports spec §3 data shapes, §4 drill-down, §6 AI gating;
 * docs/metrics.md): POST /api/text-analytics/bubble, comments (`$top` at most 50, default 10, `$skip`),
 * emotion-curve, sentiment-branch and trend with the widget data body. They answer 403 with code 2507 unless the
 * tenant's AI module is active, then read the request into a WidgetQuery and compute from the replica's comments.
 */
export function registerTextAnalyticsWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const route = (response: z.ZodType) => ({
    config: { access: read },
    schema: { body: widgetDataRequestSchema, response: { 200: response } },
  });
  const query = async (request: { actor: Actor; body: WidgetDataRequest }) => {
    await assertAiModule(db, request.actor, request.body);
    return loadWidgetQuery(db, request.actor, request.body);
  };

  routes.post('/api/text-analytics/bubble', route(bubbleDataSchema), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => bubbleData(db, replica, q));
  });
  routes.post(
    '/api/text-analytics/comments',
    {
      config: { access: read },
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
  routes.post(
    '/api/text-analytics/emotion-curve',
    route(z.array(emotionCurveRowSchema)),
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => emotionCurveRows(db, replica, q));
    },
  );
  routes.post(
    '/api/text-analytics/sentiment-branch',
    route(z.array(sentimentBranchRowSchema)),
    async (request, reply) => {
      const q = await query(request);
      return cache.send(reply, request.routeOptions.url!, q, null, () => sentimentBranchRows(db, replica, q));
    },
  );
  routes.post('/api/text-analytics/trend', route(z.array(trendRowSchema)), async (request, reply) => {
    const q = await query(request);
    return cache.send(reply, request.routeOptions.url!, q, null, () => topicTrendRows(db, replica, q));
  });
}
