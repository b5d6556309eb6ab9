import { and, count, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ftpExportParamsSchema,
  ftpExportRunsSchema,
  ftpExportSaveSchema,
  ftpExportSchema,
  type Scope,
  userForSelectItemSchema,
} from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import { requireTenant } from '../../core/actor.js';
import type { Mailer } from '../../core/mailer.js';
import { countOf } from '../../core/queries.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { createSecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import { ftpExports } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { createFtpExportRunner, type FtpExportJob } from './ftp-export-runner.js';
import { nextRunOf } from './ftp-export-schedule.js';
import {
  createFtpExportService,
  ftpExportFor,
  ftpExportOf,
  ftpExportSelection,
  inTenant,
} from './ftp-exports.service.js';

/**
 * FTP exports of survey answers (issue 18 item 8, docs/ftp-export.md): the grid and records of
 * `/api/export-ftp-surveys-answer`, each export's runs and run-now, all under scope `surveyanswers`; and the
 * `ftp-exports` schedule, which every minute queues a transfer (`ftp-export-run`) of each active export its cron
 * has come round for.
 */

const ACCESS: [Scope, ...Scope[]] = ['surveyanswers'];
const PATH = '/api/export-ftp-surveys-answer';
/** The schedule that finds the exports due (its name is the scheduled-jobs screen's). */
const FTP_EXPORT_SCHEDULE = 'ftp-exports';
/** The queue of single transfers, scheduled or run-now. */
const FTP_EXPORT_QUEUE = 'ftp-export-run';
/** Exports one tick starts at most; the rest are due still and start at the next. */
const DUE_PER_TICK = 100;

const TICK_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 };
// A failed transfer is recorded, not retried (the cron tries again); a node that died mid-transfer expires it.
const RUN_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 3_600 };

const f = ftpExports;
const fields = {
  Id: { sql: f.id, type: 'number' },
  Name: { sql: f.name, type: 'string' },
  CronExpression: { sql: f.cronExpression, type: 'string' },
  CreatedDate: { sql: f.createdAt, type: 'date' },
  LastUploadDate: { sql: f.lastUploadDate, type: 'date' },
  IsActive: { sql: f.isActive, type: 'boolean' },
  FtpUrl: { sql: f.ftpUrl, type: 'string' },
  FtpFolderPath: { sql: f.ftpFolderPath, type: 'string' },
  FtpUsername: { sql: f.ftpUsername, type: 'string' },
  FileFormat: { sql: f.fileFormat, type: 'string' },
} satisfies GridFields;

/**
 * Claims the active exports whose next time has come (moving each one's next time on, so another node's tick
 * does not claim it too) and queues a transfer of each.
 */
async function queueDueExports(db: Db, jobs: JobQueue): Promise<void> {
  const now = new Date();
  const due = await db
    .select({ id: f.id, tenantId: f.tenantId, cron: f.cronExpression, nextRunAt: f.nextRunAt })
    .from(f)
    .where(and(eq(f.isActive, true), or(isNull(f.nextRunAt), lte(f.nextRunAt, now))))
    .orderBy(f.nextRunAt, f.id)
    .limit(DUE_PER_TICK);
  for (const row of due) {
    const claimed = await db
      .update(f)
      .set({ nextRunAt: nextRunOf(row.cron, now) })
      .where(
        and(eq(f.id, row.id), row.nextRunAt === null ? isNull(f.nextRunAt) : eq(f.nextRunAt, row.nextRunAt)),
      )
      .returning({ id: f.id });
    // An export found without a next time (saved active before its schedule existed) waits for it.
    if (claimed.length === 0 || row.nextRunAt === null) continue;
    const job: FtpExportJob = { tenantId: row.tenantId, id: row.id, manual: false };
    await jobs.send(FTP_EXPORT_QUEUE, job);
  }
}

export function ftpExportsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    replica: AnalyticsReplica;
    jobs: JobQueue;
    scheduler: Scheduler;
    mailer: Mailer;
    /** The 32-byte key the FTP passwords are sealed with (the signer's `deriveKey('ftp-password')`). */
    passwordKey: Uint8Array;
    logger: FastifyBaseLogger;
  },
): void {
  const { db, jobs } = deps;
  const box = createSecretBox(deps.passwordKey);
  const service = createFtpExportService({ db, box });
  const runner = createFtpExportRunner({ ...deps, box });
  jobs.work<FtpExportJob>(FTP_EXPORT_QUEUE, RUN_SETTINGS, (job) => runner.run(job));
  deps.scheduler.add({
    name: FTP_EXPORT_SCHEDULE,
    cron: '* * * * *',
    settings: TICK_SETTINGS,
    handler: () => queueDueExports(db, jobs),
  });

  registerGridRoutes(app, {
    path: PATH,
    access: ACCESS,
    item: ftpExportSchema,
    source: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(ftpExportSelection).from(f).$dynamic(), page);
        return rows.map(ftpExportOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(f).where(where)),
    },
  });

  registerRecordRoutes(app, {
    path: PATH,
    params: ftpExportParamsSchema,
    body: ftpExportSaveSchema,
    item: ftpExportSchema,
    read: ACCESS,
    write: ACCESS,
    service,
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${PATH}/recipients`,
    { config: { access: ACCESS }, schema: { response: { 200: z.array(userForSelectItemSchema) } } },
    async (request) => service.recipients(request.actor),
  );
  routes.get(
    `${PATH}/:id/runs`,
    {
      config: { access: ACCESS },
      schema: { params: ftpExportParamsSchema, response: { 200: ftpExportRunsSchema } },
    },
    async (request) => service.runs(request.actor, request.params.id),
  );
  routes.post(
    `${PATH}/:id/run`,
    {
      config: { access: ACCESS },
      // No body is expected; one that is sent must be empty.
      schema: { params: ftpExportParamsSchema, body: z.strictObject({}).nullish() },
    },
    async (request, reply) => {
      const { id } = request.params;
      await ftpExportFor(db, request.actor, id);
      const job: FtpExportJob = { tenantId: requireTenant(request.actor), id, manual: true };
      await jobs.send(FTP_EXPORT_QUEUE, job);
      return reply.status(202).send({ Queued: true });
    },
  );
}
