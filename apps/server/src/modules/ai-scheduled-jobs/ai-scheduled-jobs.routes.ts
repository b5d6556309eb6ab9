import { and, count, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  aiExperimentLogSchema,
  aiJobRunParamsSchema,
  aiJobRunSchema,
  aiScheduledJobParamsSchema,
  aiScheduledJobSaveSchema,
  aiScheduledJobSchema,
  aiScoringLogSchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiScheduledJob,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId } from '../../core/queries.js';
import { registerRecordRoutes, type RecordService } from '../../core/record-routes.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  aiAnnotationWorks,
  aiDatasets,
  aiExperimentLogs,
  aiJobRuns,
  aiScheduledJobs,
  aiScoringLogs,
  aiSentimentModels,
  answers,
  topicModels,
} from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes, type GridPageRequest } from '../../grid/grid-routes.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { isRunning, startRun } from './ai-job-runs.js';
import { seedAiSystemConfigurations } from './ai-system-configurations.js';
import { isoOf, nextRunOf } from './job-dates.js';

/*
 * Scheduled text-analytics jobs `/api/ai-scheduled-jobs` (issue 21 item 5, docs/ai-scheduled-jobs.md): the grid,
 * the records, the run / pause / resume commands and the logs of each run. Reads job:read or job:manage, writes
 * job:manage; every route is confined to the caller's tenant.
 */

const PATH = '/api/ai-scheduled-jobs';
const READ: [Scope, ...Scope[]] = ['job:read', 'job:manage'];
const WRITE: [Scope, ...Scope[]] = ['job:manage'];

type SaveBody = z.output<typeof aiScheduledJobSaveSchema>;

const j = aiScheduledJobs;
/** Running when a run is in progress, else the stored status (Active, Paused, Completed). */
// Qualified by hand: drizzle names a single table's columns bare, which inside the subquery would be the run's.
const statusSql: SQL<string> = sql<string>`CASE WHEN EXISTS (SELECT 1 FROM ai_job_runs r
  WHERE r.job_id = ai_scheduled_jobs.id AND r.status = 'Running') THEN 'Running' ELSE ai_scheduled_jobs.status END`;
const selection = {
  Id: j.id,
  Name: j.name,
  Type: j.jobType,
  SentimentModelId: j.sentimentModelId,
  TopicModelId: j.topicModelId,
  AnnotationWorkId: j.annotationWorkId,
  DatasetId: j.datasetId,
  IsEmotionModel: j.isEmotionModel,
  IsFromScratch: j.isFromScratch,
  IsRecurrent: j.isRecurrent,
  CronText: j.cronText,
  Status: statusSql,
  ScoredThroughAnswerId: j.scoredThroughAnswerId,
  CreatedDate: j.createdAt,
  LastRunDate: j.lastRunAt,
  NextRunDate: j.nextRunAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: j.id, type: 'number' },
  Name: { sql: j.name, type: 'string' },
  Type: { sql: j.jobType, type: 'string' },
  Status: { sql: statusSql, type: 'string' },
  IsRecurrent: { sql: j.isRecurrent, type: 'boolean' },
  CronText: { sql: j.cronText, type: 'string' },
  CreatedDate: { sql: j.createdAt, type: 'date' },
  LastRunDate: { sql: j.lastRunAt, type: 'date' },
  NextRunDate: { sql: j.nextRunAt, type: 'date' },
} satisfies GridFields;

const at = (value: unknown) => (value === null ? null : isoOf(value));

function jobOf(row: Row): AiScheduledJob {
  return {
    ...(row as unknown as AiScheduledJob),
    Id: Number(row.Id),
    CronText: typeof row.CronText === 'string' ? row.CronText : '',
    ScoredThroughAnswerId: Number(row.ScoredThroughAnswerId),
    CreatedDate: isoOf(row.CreatedDate),
    LastRunDate: at(row.LastRunDate),
    NextRunDate: at(row.NextRunDate),
  };
}

const inTenant = (tenantId: number) => eq(j.tenantId, tenantId);

async function jobFor(db: Executor, tenantId: number, id: number): Promise<AiScheduledJob> {
  const [row] = await db
    .select(selection)
    .from(j)
    .where(and(inTenant(tenantId), eq(j.id, id)));
  return jobOf(found(row));
}

/** Refuses (3333 by field) models, works and datasets that are not the tenant's; answers the topic model's kind. */
async function checkReferences(
  db: Executor,
  tenantId: number,
  body: SaveBody,
): Promise<{ isEmotion?: boolean }> {
  const exists = async (
    table: typeof aiSentimentModels | typeof aiAnnotationWorks | typeof aiDatasets,
    id: number,
  ) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    ).length > 0;
  if (body.SentimentModelId !== null && !(await exists(aiSentimentModels, body.SentimentModelId)))
    throw invalidField('body/SentimentModelId', VALIDATION_MESSAGES.excluded);
  if (body.AnnotationWorkId !== null && !(await exists(aiAnnotationWorks, body.AnnotationWorkId)))
    throw invalidField('body/AnnotationWorkId', VALIDATION_MESSAGES.excluded);
  if (body.DatasetId !== null && !(await exists(aiDatasets, body.DatasetId)))
    throw invalidField('body/DatasetId', VALIDATION_MESSAGES.excluded);
  if (body.TopicModelId === null) return {};
  const [model] = await db
    .select({ isEmotion: topicModels.isEmotionModel })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.id, body.TopicModelId)));
  if (!model) throw invalidField('body/TopicModelId', VALIDATION_MESSAGES.excluded);
  return { isEmotion: model.isEmotion };
}

/** The type's needs (19142) and the emotion flag's agreement with the topic model (19143). */
function checkType(body: SaveBody, topic: { isEmotion?: boolean }): void {
  const sentiment = body.SentimentModelId !== null;
  const topicModel = body.TopicModelId !== null;
  const complete =
    body.Type === 'training'
      ? sentiment !== topicModel
      : body.Type === 'scoring'
        ? sentiment || topicModel
        : body.DatasetId !== null;
  if (!complete) throw badRequest(ErrorCode.AiJobTargetRequired);
  if (body.IsEmotionModel !== (topic.isEmotion ?? false)) throw badRequest(ErrorCode.AiJobEmotionMismatch);
}

/** The next time of an Active job's cron from now; a cron with none refuses (19141). */
function nextTime(cron: string): Date {
  const next = nextRunOf(cron, new Date());
  if (!next) throw badRequest(ErrorCode.AiJobNoNextRun);
  return next;
}

const columnsOf = (body: SaveBody) => ({
  name: body.Name.trim(),
  jobType: body.Type,
  sentimentModelId: body.SentimentModelId,
  topicModelId: body.TopicModelId,
  annotationWorkId: body.AnnotationWorkId,
  datasetId: body.DatasetId,
  isEmotionModel: body.IsEmotionModel,
  isFromScratch: body.IsFromScratch,
  isRecurrent: body.IsRecurrent,
  cronText: body.CronText.trim(),
});

function createJobService(db: Db): RecordService<number, SaveBody, AiScheduledJob> {
  const checked = async (tenantId: number, body: SaveBody) =>
    checkType(body, await checkReferences(db, tenantId, body));
  const notRunning = async (id: number) => {
    if (await isRunning(db, id)) throw conflict(ErrorCode.AiJobRunning);
  };
  return {
    get: (actor, id) => jobFor(db, requireTenant(actor), id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      await checked(tenantId, body);
      await seedAiSystemConfigurations(db, tenantId);
      // A new job scores the comments that arrive from now on: the tenant's answers so far keep the analysis they
      // have (scoring them again is asked for by IsFromScratch, or by changing the job's model later).
      const [last] = await db
        .select({ id: sql<string | null>`max(${answers.id})` })
        .from(answers)
        .where(eq(answers.tenantId, tenantId));
      const scoredThroughAnswerId = Number(last?.id ?? 0);
      const id = await insertedId(
        db
          .insert(j)
          .values({
            tenantId,
            ...columnsOf(body),
            status: 'Active',
            nextRunAt: nextTime(body.CronText),
            scoredThroughAnswerId,
          })
          .returning({ id: j.id }),
        'scheduled job',
      );
      return jobFor(db, tenantId, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      const before = await jobFor(db, tenantId, id);
      await checked(tenantId, body);
      await notRunning(id);
      // A paused job stays paused; an Active or Completed one is (re)armed at its cron's next time.
      const paused = before.Status === 'Paused';
      await db
        .update(j)
        .set({
          ...columnsOf(body),
          ...(paused ? {} : { status: 'Active', nextRunAt: nextTime(body.CronText) }),
          ...(body.SentimentModelId !== before.SentimentModelId || body.TopicModelId !== before.TopicModelId
            ? { scoredThroughAnswerId: 0 }
            : {}),
          updatedAt: new Date(),
        })
        .where(and(inTenant(tenantId), eq(j.id, id)));
      return jobFor(db, tenantId, id);
    },

    async remove(actor, id) {
      const tenantId = requireTenant(actor);
      await jobFor(db, tenantId, id);
      await notRunning(id);
      await db.delete(j).where(and(inTenant(tenantId), eq(j.id, id)));
    },
  };
}

/** run / pause / resume (each confirmed on the screen, audited here). */
function createJobCommands(db: Db, jobs: JobQueue) {
  const setStatus = async (actor: Actor, id: number, from: string, to: 'Active' | 'Paused') => {
    const tenantId = requireTenant(actor);
    const job = await jobFor(db, tenantId, id);
    const stored = job.Status === 'Running' ? await storedStatus(tenantId, id) : job.Status;
    if (stored !== from) throw badRequest(ErrorCode.AiJobCommandNotAllowed);
    await db
      .update(j)
      .set({ status: to, nextRunAt: to === 'Active' ? nextTime(job.CronText) : null, updatedAt: new Date() })
      .where(and(inTenant(tenantId), eq(j.id, id), eq(j.status, from)));
    return jobFor(db, tenantId, id);
  };
  const storedStatus = async (tenantId: number, id: number) =>
    (
      await db
        .select({ status: j.status })
        .from(j)
        .where(and(inTenant(tenantId), eq(j.id, id)))
    )[0]?.status;
  return {
    async run(actor: Actor, id: number) {
      const tenantId = requireTenant(actor);
      await jobFor(db, tenantId, id);
      const wake = await db.transaction(async (tx) => {
        // The row lock orders two run requests: the second sees the first's run and is refused.
        const [row] = await tx
          .select()
          .from(j)
          .where(and(inTenant(tenantId), eq(j.id, id)))
          .for('update');
        if (await isRunning(tx, id)) throw conflict(ErrorCode.AiJobRunning);
        await tx.update(j).set({ lastRunAt: new Date() }).where(eq(j.id, id));
        return (await startRun(tx, jobs, row!, 'manual')).wake;
      });
      if (wake) jobs.wake(wake);
      return jobFor(db, tenantId, id);
    },
    pause: (actor: Actor, id: number) => setStatus(actor, id, 'Active', 'Paused'),
    resume: (actor: Actor, id: number) => setStatus(actor, id, 'Paused', 'Active'),
  };
}

/** The grids of a job's runs and of a run's scoring and experiment logs. */
function registerLogGrids(app: FastifyInstance, db: Db): void {
  const r = aiJobRuns;
  const runSelection = {
    Id: r.id,
    JobId: r.jobId,
    Trigger: r.trigger,
    Status: r.status,
    Message: r.message,
    ProcessedCount: r.processedCount,
    StartedDate: r.startedAt,
    FinishedDate: r.finishedAt,
  };
  // The log grids' path ids: int32 (else 400 on the parameter), the caller's tenant's job and that job's run (else
  // 404), checked before the grid reads; the grids' scopes then name them.
  const LOGS = `${PATH}/:id/logs`;
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.url?.startsWith(LOGS)) return;
    const { id, logId } = request.params as { id: string; logId?: string };
    const ids = aiJobRunParamsSchema.partial({ logId: true }).safeParse({ id, logId });
    if (!ids.success)
      throw invalidField(
        `params/${String(ids.error.issues[0]?.path[0] ?? 'id')}`,
        VALIDATION_MESSAGES.integer,
      );
    const tenantId = requireTenant(request.actor);
    await jobFor(db, tenantId, ids.data.id);
    if (ids.data.logId === undefined) return;
    const [run] = await db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.tenantId, tenantId), eq(r.jobId, ids.data.id), eq(r.id, ids.data.logId)));
    found(run);
  });
  const pathIds = (request: { params: unknown }) => request.params as { id: string; logId: string };
  const ownRun = (request: { params: unknown; actor: Actor }, runId: SQL | typeof r.id) =>
    and(
      eq(r.tenantId, requireTenant(request.actor)),
      eq(r.jobId, Number(pathIds(request).id)),
      eq(r.id, runId),
    );
  registerGridRoutes(app, {
    path: LOGS,
    access: READ,
    item: aiJobRunSchema,
    source: {
      fields: {
        Id: { sql: r.id, type: 'number' },
        Trigger: { sql: r.trigger, type: 'string' },
        Status: { sql: r.status, type: 'string' },
        ProcessedCount: { sql: r.processedCount, type: 'number' },
        StartedDate: { sql: r.startedAt, type: 'date' },
        FinishedDate: { sql: r.finishedAt, type: 'date' },
      },
      defaultOrder: 'StartedDate desc, Id desc',
      scope: (request) => ownRun(request, r.id),
      async rows(page) {
        const rows = await pageOf(db.select(runSelection).from(r).$dynamic(), page);
        return rows.map((row) => ({
          ...row,
          Id: Number(row.Id),
          Trigger: row.Trigger as 'cron' | 'manual',
          Status: row.Status as 'Running' | 'Succeeded' | 'Failed',
          StartedDate: isoOf(row.StartedDate),
          FinishedDate: at(row.FinishedDate),
        }));
      },
      count: (where) => countOf(db.select({ n: count() }).from(r).where(where)),
    },
  });
  // A run's own rows: the run must be the job's and the tenant's (else the grid is empty).
  const ofRun = (request: { params: unknown; actor: Actor }, column: Column) => {
    const logId = Number(pathIds(request).logId);
    return sql`${column} IN (SELECT ${r.id} FROM ${r} WHERE ${ownRun(request, sql`${logId}::bigint`)})`;
  };
  // A run's scoring or experiment logs: the same grid over either table, confined to the route's run.
  const runRowsGrid = <T extends Record<string, unknown>>(
    kind: 'scoring-logs' | 'experiment-logs',
    table: typeof aiScoringLogs | typeof aiExperimentLogs,
    item: z.ZodType<T>,
    fields: GridFields,
    rows: (page: GridPageRequest) => Promise<T[]>,
  ) =>
    registerGridRoutes(app, {
      path: `${LOGS}/:logId/${kind}`,
      access: READ,
      item,
      source: {
        fields: {
          Id: { sql: table.id, type: 'number' },
          CreatedDate: { sql: table.createdAt, type: 'date' },
          ...fields,
        },
        defaultOrder: 'Id asc',
        scope: (request) =>
          and(eq(table.tenantId, requireTenant(request.actor)), ofRun(request, table.runId)),
        rows,
        count: (where) =>
          countOf(
            db
              .select({ n: count() })
              .from(table as typeof aiScoringLogs)
              .where(where),
          ),
      },
    });
  const s = aiScoringLogs;
  runRowsGrid(
    'scoring-logs',
    s,
    aiScoringLogSchema,
    { ModelKind: { sql: s.modelKind, type: 'string' }, ScoredCount: { sql: s.scoredCount, type: 'number' } },
    async (page) => {
      const rows = await pageOf(
        db
          .select({
            Id: s.id,
            ModelKind: s.modelKind,
            ModelId: s.modelId,
            ScoredCount: s.scoredCount,
            FromAnswerId: s.fromAnswerId,
            ToAnswerId: s.toAnswerId,
            DurationMs: s.durationMs,
            CreatedDate: s.createdAt,
          })
          .from(s)
          .$dynamic(),
        page,
      );
      return rows.map((row) => ({
        ...row,
        Id: Number(row.Id),
        FromAnswerId: Number(row.FromAnswerId),
        ToAnswerId: Number(row.ToAnswerId),
        CreatedDate: isoOf(row.CreatedDate),
      }));
    },
  );
  const e = aiExperimentLogs;
  runRowsGrid(
    'experiment-logs',
    e,
    aiExperimentLogSchema,
    {
      ModelKind: { sql: e.modelKind, type: 'string' },
      Version: { sql: e.version, type: 'number' },
      Accepted: { sql: e.accepted, type: 'boolean' },
    },
    async (page) => {
      const rows = await pageOf(
        db
          .select({
            Id: e.id,
            ModelKind: e.modelKind,
            ModelId: e.modelId,
            Version: e.version,
            Accepted: e.accepted,
            Message: e.message,
            Report: e.report,
            CreatedDate: e.createdAt,
          })
          .from(e)
          .$dynamic(),
        page,
      );
      return rows.map((row) => ({ ...row, Id: Number(row.Id), CreatedDate: isoOf(row.CreatedDate) }));
    },
  );
}

export function aiScheduledJobRoutes(app: FastifyInstance, { db, jobs }: { db: Db; jobs: JobQueue }): void {
  registerGridRoutes(app, {
    path: PATH,
    access: READ,
    item: aiScheduledJobSchema,
    source: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(j).$dynamic(), page);
        return rows.map(jobOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(j).where(where)),
    },
  });
  registerRecordRoutes(app, {
    path: PATH,
    params: aiScheduledJobParamsSchema,
    body: aiScheduledJobSaveSchema,
    item: aiScheduledJobSchema,
    read: READ,
    write: WRITE,
    service: createJobService(db),
  });

  const commands = createJobCommands(db, jobs);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const command of ['run', 'pause', 'resume'] as const)
    routes.post(
      `${PATH}/:id/${command}`,
      {
        config: { access: WRITE },
        schema: { params: aiScheduledJobParamsSchema, response: { 200: aiScheduledJobSchema } },
      },
      async (request) => commands[command](request.actor, request.params.id),
    );
  registerLogGrids(app, db);
}
