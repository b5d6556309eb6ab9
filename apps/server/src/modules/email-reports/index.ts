import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailReportOptionsSchema,
  emailReportParamsSchema,
  emailReportSaveSchema,
  emailReportSchema,
  emailReportSendResultSchema,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import type { Mailer } from '../../core/mailer.js';
import { countOf } from '../../core/queries.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import type { Db } from '../../db/client.js';
import { emailReports } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import type { AccessTokenSigner } from '../auth/index.js';
import { nextRunOf } from './email-report-schedule.js';
import { createEmailReportRunner, type EmailReportJob } from './email-report-runner.js';
import {
  createEmailReportService,
  emailReportFor,
  emailReportOf,
  emailReportSelection,
  inTenant,
} from './email-reports.service.js';

/**
 * Email report notifications (issue 23 item 2, docs/email-reports.md): the grid and records of
 * `/api/email-report-notifications` and send-now, under report:manage or config:manage (the menu entry's scopes);
 * and the `email-report-tick` schedule, which every minute queues one run (`email-report-run`) per notification and
 * due time, with a singleton key, so each due time runs once across nodes.
 */

const ACCESS: [Scope, ...Scope[]] = ['report:manage', 'config:manage'];
const PATH = '/api/email-report-notifications';
const EMAIL_REPORT_SCHEDULE = 'email-report-tick';
const EMAIL_REPORT_QUEUE = 'email-report-run';
/** Notifications one tick looks at; the rest are due still at the next. */
const DUE_PER_TICK = 500;
/** The singleton slot of a due time's key (an hour; pg-boss allows at most its archive interval, 12 hours). */
const SINGLETON_SECONDS = 3_600;

const TICK_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 };
// A failed run is recorded, not retried (the cron's next time tries again); a node that died mid-run expires it.
const RUN_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 1_800 };

const e = emailReports;
const fields = {
  Id: { sql: e.id, type: 'number' },
  ReportId: { sql: e.reportId, type: 'number' },
  UserId: { sql: e.userId, type: 'number' },
  RoleId: { sql: e.roleId, type: 'number' },
  ExperienceId: { sql: e.experienceId, type: 'number' },
  SurveyId: { sql: e.surveyId, type: 'number' },
  Subject: { sql: e.subject, type: 'string' },
  CronExpression: { sql: e.cronExpression, type: 'string' },
  IsActive: { sql: e.isActive, type: 'boolean' },
  CreatedDate: { sql: e.createdAt, type: 'date' },
  LastRunAt: { sql: e.lastRunAt, type: 'date' },
  LastError: { sql: e.lastError, type: 'string' },
  LastSentCount: { sql: e.lastSentCount, type: 'number' },
} satisfies GridFields;

/** The latest time the cron names after `from` and not after `now` (missed times collapse into one run). */
function latestDue(cron: string, from: Date, now: Date): Date | null {
  let due: Date | null = null;
  let next = nextRunOf(cron, from);
  // At most a day of minutes is walked; a longer outage still sends one pack, for the latest time walked.
  for (let steps = 0; next !== null && next <= now && steps < 1_440; steps++) {
    due = next;
    next = nextRunOf(cron, next);
  }
  return due;
}

/**
 * Moves each active notification whose cron has come round since its cursor on to that time (compare-and-set, so
 * two nodes' ticks do not both take it) and queues its run, keyed by notification and due time.
 */
async function queueDueRuns(db: Db, jobs: JobQueue): Promise<void> {
  const now = new Date();
  const rows = await db
    .select({ id: e.id, tenantId: e.tenantId, cron: e.cronExpression, from: e.scheduledFrom })
    .from(e)
    .where(eq(e.isActive, true))
    .orderBy(e.id)
    .limit(DUE_PER_TICK);
  for (const row of rows) {
    const due = latestDue(row.cron, row.from, now);
    if (due === null) continue;
    const claimed = await db
      .update(e)
      .set({ scheduledFrom: due })
      .where(and(eq(e.id, row.id), eq(e.scheduledFrom, row.from)))
      .returning({ id: e.id });
    if (claimed.length === 0) continue;
    const job: EmailReportJob = { tenantId: row.tenantId, id: row.id, manual: false };
    await jobs.send(EMAIL_REPORT_QUEUE, job, {
      singleton: { key: `email-report:${row.id}:${due.toISOString()}`, seconds: SINGLETON_SECONDS },
    });
  }
}

export function emailReportsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    jobs: JobQueue;
    scheduler: Scheduler;
    mailer: Mailer;
    signer: AccessTokenSigner;
    browserPath: string;
    logger: FastifyBaseLogger;
  },
): void {
  const { db, jobs } = deps;
  const service = createEmailReportService({ db });
  const runner = createEmailReportRunner({
    ...deps,
    baseUrl: () => {
      const address = app.server.address();
      return address !== null && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
    },
  });
  jobs.work<EmailReportJob>(EMAIL_REPORT_QUEUE, RUN_SETTINGS, (job) => runner.run(job));
  deps.scheduler.add({
    name: EMAIL_REPORT_SCHEDULE,
    cron: '* * * * *',
    settings: TICK_SETTINGS,
    handler: () => queueDueRuns(db, jobs),
  });

  registerGridRoutes(app, {
    path: PATH,
    access: ACCESS,
    item: emailReportSchema,
    source: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const now = new Date();
        const rows = await pageOf(db.select(emailReportSelection).from(e).$dynamic(), page);
        return rows.map((row) => emailReportOf(row, now));
      },
      count: (where) => countOf(db.select({ n: count() }).from(e).where(where)),
    },
  });

  registerRecordRoutes(app, {
    path: PATH,
    params: emailReportParamsSchema,
    body: emailReportSaveSchema,
    item: emailReportSchema,
    read: ACCESS,
    write: ACCESS,
    service,
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${PATH}/options`,
    { config: { access: ACCESS }, schema: { response: { 200: emailReportOptionsSchema } } },
    async (request) => service.options(request.actor),
  );
  routes.post(
    `${PATH}/:id/send`,
    {
      config: { access: ACCESS },
      // No body is expected; one that is sent must be empty.
      schema: {
        params: emailReportParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 202: emailReportSendResultSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await emailReportFor(db, request.actor, id);
      const job: EmailReportJob = { tenantId: requireTenant(request.actor), id, manual: true };
      await jobs.send(EMAIL_REPORT_QUEUE, job);
      return reply.status(202).send({ Queued: true });
    },
  );
}
