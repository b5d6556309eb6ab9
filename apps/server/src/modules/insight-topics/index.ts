import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  topicDiscoveryRequestSchema,
  topicDiscoverySchema,
  topicExplorerRequestSchema,
  topicExplorerSchema,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { topicDiscovery } from './topic-discovery.js';
import { topicExplorer } from './topic-explorer.js';
import { loadTopicInsightQuery } from './topic-query.js';

/**
 * Topic discovery and the topic explorer (issue 20 items 3, 4; docs/topic-insight.md):
 * `POST /api/insight/topic-discovery` (scope topicDiscovery) and `POST /api/insight/topic-explorer` (scope
 * topicExplorer). The body is the report filter with the topic model and the screen's options; 403 with code 2507
 * unless the tenant's AI module is active; figures from the analytics replica through the one filter compiler.
 */
export function topicInsightRoutes(app: FastifyInstance, { db, replica }: ModuleDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/insight/topic-discovery',
    {
      config: { access: ['topicDiscovery'] },
      schema: { body: topicDiscoveryRequestSchema, response: { 200: topicDiscoverySchema } },
    },
    async (request) => {
      const { TopicId, Sentiment, Order, Top, Skip, ...body } = request.body;
      const query = await loadTopicInsightQuery(db, request.actor, body);
      return topicDiscovery(db, replica, query, {
        topicId: TopicId ?? null,
        sentiment: Sentiment,
        order: Order,
        top: Top,
        skip: Skip,
      });
    },
  );
  routes.post(
    '/api/insight/topic-explorer',
    {
      config: { access: ['topicExplorer'] },
      schema: { body: topicExplorerRequestSchema, response: { 200: topicExplorerSchema } },
    },
    async (request) => {
      const { Period, OnlyMainTopics, ...body } = request.body;
      const query = await loadTopicInsightQuery(db, request.actor, body);
      return topicExplorer(replica, query, { period: Period, onlyMainTopics: OnlyMainTopics });
    },
  );
}
