import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INTEGRATION_MANAGE_SCOPES,
  INTEGRATION_READ_SCOPES,
  reviewRunResultSchema,
  reviewSourceListSchema,
  reviewSourceParamsSchema,
  reviewSourceSaveSchema,
  reviewSourceSchema,
  reviewSurveyOptionListSchema,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { DEFAULT_REVIEW_SETTINGS, dueSources, runReviewSource, type ReviewSettings } from './review-run.js';
import { createReviewSourceService } from './review-sources.service.js';

/*
 * Review sources (issue 22 item 1, docs/review-sources.md): the records, run-now, and the schedule that runs the
 * due ones on pg-boss. Scopes integration:read (reads) and integration:manage (writes, runs).
 */

const READ = [...INTEGRATION_READ_SCOPES] as const;
const MANAGE = [...INTEGRATION_MANAGE_SCOPES] as const;
const PATH = '/api/review-sources';
/** Every ten minutes one node queues a run of each due source. */
const SWEEP_SCHEDULE = 'review-sources-sweep';
const SWEEP_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 };
/** One source's scheduled run; a failed run is recorded on the source, not retried. */
const REVIEW_RUN_QUEUE = 'review-source-run';
const RUN_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 600 };
/** Sources one sweep queues at most; the next sweep takes the rest. */
const SWEEP_MAX = 500;

type RunJob = { tenantId: number; sourceId: number };

export type ReviewSourcesModuleDeps = {
  db: Db;
  jobs: JobQueue;
  scheduler: Scheduler;
  settings?: Partial<ReviewSettings>;
  logger: FastifyBaseLogger;
};

export function reviewSourcesModule(app: FastifyInstance, deps: ReviewSourcesModuleDeps): void {
  const { db, jobs, logger } = deps;
  const settings: ReviewSettings = { ...DEFAULT_REVIEW_SETTINGS, ...deps.settings };
  const service = createReviewSourceService({ db });

  jobs.work<RunJob>(REVIEW_RUN_QUEUE, RUN_SETTINGS, async (job) => {
    await runReviewSource(
      { db, settings, logger },
      { tenantId: job.tenantId, sourceId: job.sourceId, userId: null, onlyIfDue: true },
    );
  });
  deps.scheduler.add({
    name: SWEEP_SCHEDULE,
    cron: '*/10 * * * *',
    settings: SWEEP_SETTINGS,
    handler: async () => {
      for (const source of await dueSources(db, new Date(), SWEEP_MAX))
        await jobs.send(
          REVIEW_RUN_QUEUE,
          { tenantId: source.tenantId, sourceId: source.id },
          { singleton: { key: `review-source-${source.id}`, seconds: 60 } },
        );
    },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    PATH,
    { config: { access: READ }, schema: { response: { 200: reviewSourceListSchema } } },
    async (request) => service.list(request.actor),
  );
  routes.get(
    '/api/review-source-surveys',
    { config: { access: READ }, schema: { response: { 200: reviewSurveyOptionListSchema } } },
    async (request) => service.surveys(request.actor),
  );
  registerRecordRoutes(app, {
    path: PATH,
    params: reviewSourceParamsSchema,
    body: reviewSourceSaveSchema,
    item: reviewSourceSchema,
    read: READ,
    write: MANAGE,
    service,
  });
  // Run now: the run's outcome (a failed fetch included) is the answer, never a 5xx.
  routes.post(
    `${PATH}/:id/run`,
    {
      config: { access: MANAGE },
      schema: { params: reviewSourceParamsSchema, response: { 200: reviewRunResultSchema } },
    },
    async (request) =>
      found(
        await runReviewSource(
          { db, settings, logger },
          {
            tenantId: requireTenant(request.actor),
            sourceId: request.params.id,
            userId: request.actor.userId,
          },
        ),
      ),
  );
}
