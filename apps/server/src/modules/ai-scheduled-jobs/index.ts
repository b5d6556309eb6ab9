import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { aiJobsTickSchedule, SCORING_QUEUE, type ScoringJob } from './ai-job-runs.js';
import { aiLogRoutes } from './ai-logs.js';
import { aiScheduledJobRoutes } from './ai-scheduled-jobs.routes.js';
import { workScoringJob } from './ai-scoring.js';
import { aiSystemConfigurationRoutes } from './ai-system-configurations.js';

/** A scoring run records its own failure (the run is Failed): pg-boss does not retry it. */
const SCORING_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 3_600 };

/**
 * The text-analytics jobs (issue 21 items 5 and 6, docs/ai-scheduled-jobs.md): scheduled jobs with their minute
 * tick and the scoring worker, AI logs, AI system configurations and the text-analytics bootstrap.
 */
export function aiScheduledJobsModule(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobQueue; scheduler: Scheduler; logger: FastifyBaseLogger },
): void {
  const { db, jobs, logger } = deps;
  deps.scheduler.add(aiJobsTickSchedule(deps));
  jobs.work<ScoringJob>(SCORING_QUEUE, SCORING_SETTINGS, (job) => workScoringJob(db, job, logger));
  aiScheduledJobRoutes(app, deps);
  aiLogRoutes(app, deps);
  aiSystemConfigurationRoutes(app, deps);
}
