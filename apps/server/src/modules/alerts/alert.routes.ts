import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALERT_COUNT_SCOPES, alertCountQuerySchema, alertCountSchema } from '@loupe/contracts';
import type { Mailer } from '../../core/mailer.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { alertDetailRoutes } from './alert-detail.js';
import { alertListRoutes, countAlerts } from './alert-list.js';
import { alertMailJobs } from './alert-mails.js';
import { alertStatisticsRoutes } from './alert-statistics.js';

/**
 * Alerts (issue 19, docs/alerts.md "Alerts, states, mails and statistics"): the bell's count, the grid, one
 * alert's detail and changes, the rules' statistics, and the `alerts` schedule with its mails.
 */
export function alertRoutes(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobQueue; scheduler: Scheduler; mailer: Mailer; publicUrl: string },
) {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/alerts/count',
    {
      config: { access: [...ALERT_COUNT_SCOPES] },
      schema: { querystring: alertCountQuerySchema, response: { 200: alertCountSchema } },
    },
    async (request) => countAlerts(db, request.actor, request.query.alertOperatorStatus),
  );
  alertListRoutes(app, db);
  alertDetailRoutes(app, deps);
  alertStatisticsRoutes(app, db);
  alertMailJobs(deps);
}
