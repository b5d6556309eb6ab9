import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { annotatingRoutes } from './annotating.js';
import { statisticsRoutes } from './statistics.js';
import { taskRoutes } from './tasks.js';
import { uploadRoutes } from './upload.js';
import { workRoutes } from './works.js';

export { seedDemoAnnotationWorks } from './demo.js';

/** Annotation works, their tasks, annotating, uploads and statistics (issue 21 item 2, docs/ai-annotation.md). */
export function annotationWorkRoutes(
  app: FastifyInstance,
  options: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger },
): void {
  workRoutes(app, options);
  taskRoutes(app, options);
  annotatingRoutes(app, options);
  uploadRoutes(app, options);
  statisticsRoutes(app, options);
}
