import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { modelLabelMappingRoutes } from './model-label-mappings.js';
import { topicModelGroupRoutes } from './topic-model-groups.js';
import { topicModelScoringRoutes } from './topic-model-scoring.js';
import { topicRoutes } from './topic-model-topics.js';
import { topicModelRoutes } from './topic-models.js';

/** Topic models, their topics, groups and label mappings (issue 21 items 4 and 6, docs/ai-topic-models.md). */
export function aiTopicModelsModule(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger },
): void {
  topicModelRoutes(app, deps);
  topicRoutes(app, deps);
  topicModelScoringRoutes(app, deps);
  topicModelGroupRoutes(app, deps);
  modelLabelMappingRoutes(app, deps);
}
