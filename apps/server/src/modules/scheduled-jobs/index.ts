import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { createJobServerHeartbeat } from './job-servers.js';
import { retentionSchedules, type RetentionSettings } from './retention.js';
import { scheduledJobRoutes } from './scheduled-jobs.routes.js';

/**
 * Scheduled jobs and retention (issue 18 item 10, docs/jobs-and-retention.md): the retention purges on the
 * scheduler, this node's heartbeat in `job_servers` (started once the job queue has, removed on close), and the
 * scheduled-jobs screen's routes.
 */
export function scheduledJobsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    jobs: JobQueue;
    scheduler: Scheduler;
    logger: FastifyBaseLogger;
    retention: RetentionSettings;
  },
): void {
  for (const schedule of retentionSchedules({ db: deps.db, logger: deps.logger, settings: deps.retention }))
    deps.scheduler.add(schedule);
  const heartbeat = createJobServerHeartbeat(deps);
  app.addHook('onReady', () => heartbeat.start());
  app.addHook('onClose', () => heartbeat.stop());
  scheduledJobRoutes(app, deps);
}
