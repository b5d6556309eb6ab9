import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  aiAnnotationWorkParamsSchema,
  aiAnnotationWorkSaveSchema,
  aiAnnotationWorkSchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiAnnotationWork,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { registerRecordRoutes, type RecordService } from '../../core/record-routes.js';
import { fieldTaken, found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { aiAnnotationWorks, aiDatasets, aiSentimentModels, topicModels } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import { isoOf } from '../text-analytics-data/index.js';
import { recomputeGold } from './gold.js';

/*
 * Annotation works (issue 21 item 2, docs/ai-annotation.md): the grid and records of `/api/ai-annotation-works` and
 * the `ai-annotation-work-build` queue, whose job copies up to TargetCount instances of the work's dataset into
 * `ai_annotation_work_instances` in a seeded random order.
 */

export const WORKS_PATH = '/api/ai-annotation-works';
export const ANNOTATION_READ: [Scope, ...Scope[]] = ['annotation:read', 'annotation:manage'];
export const ANNOTATION_WRITE: [Scope, ...Scope[]] = ['annotation:manage'];
const WORK_BUILD_QUEUE = 'ai-annotation-work-build';
// A failed build is recorded on the work (Failed), not retried: saving the work again rebuilds it.
const BUILD_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 3_600 };

type SaveBody = z.output<typeof aiAnnotationWorkSaveSchema>;
type BuildJob = { tenantId: number; id: number; generation: number };

const w = aiAnnotationWorks;
const goldCount = sql<number>`(select count(*) from ai_annotation_work_instances gi
  where gi.work_id = ${w.id} and gi.gold_labels is not null)`.mapWith(Number);
const progress = sql<number>`(case when ${w.instanceCount} = 0 then 0
  else ${goldCount}::float8 / ${w.instanceCount} end)`.mapWith(Number);
const selection = {
  Id: w.id,
  Name: w.name,
  AnnotationType: w.annotationType,
  DatasetId: w.datasetId,
  DatasetName: aiDatasets.name,
  Language: aiDatasets.language,
  TopicModelId: w.topicModelId,
  TopicModelName: topicModels.name,
  TargetCount: w.targetCount,
  AgreementLevel: w.agreementLevel,
  Status: w.status,
  InstanceCount: w.instanceCount,
  GoldCount: goldCount,
  Progress: progress,
  BuildError: w.buildError,
  CreatedDate: w.createdAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: w.id, type: 'number' },
  Name: { sql: w.name, type: 'string' },
  AnnotationType: { sql: w.annotationType, type: 'number' },
  DatasetName: { sql: aiDatasets.name, type: 'string' },
  Language: { sql: aiDatasets.language, type: 'string' },
  TargetCount: { sql: w.targetCount, type: 'number' },
  AgreementLevel: { sql: w.agreementLevel, type: 'number' },
  Status: { sql: w.status, type: 'string' },
  InstanceCount: { sql: w.instanceCount, type: 'number' },
  GoldCount: { sql: goldCount, type: 'number' },
  Progress: { sql: progress, type: 'number' },
  CreatedDate: { sql: w.createdAt, type: 'date' },
} satisfies GridFields;

const workOf = (row: Row): AiAnnotationWork => ({
  ...(row as unknown as AiAnnotationWork),
  Id: Number(row.Id),
  DatasetId: Number(row.DatasetId),
  TopicModelId: row.TopicModelId === null ? null : Number(row.TopicModelId),
  InstanceCount: Number(row.InstanceCount),
  CreatedDate: isoOf(row.CreatedDate),
});

const joined = (db: Executor) =>
  db
    .select(selection)
    .from(w)
    .innerJoin(aiDatasets, eq(aiDatasets.id, w.datasetId))
    .leftJoin(topicModels, eq(topicModels.id, w.topicModelId));

const workInTenant = (tenantId: number) => eq(w.tenantId, tenantId);

/** The caller's tenant's work with this id, or 404. */
export async function workFor(db: Executor, actor: Actor, id: number): Promise<AiAnnotationWork> {
  const [row] = await joined(db).where(and(workInTenant(requireTenant(actor)), eq(w.id, id)));
  return workOf(found(row));
}

const nameTaken = () => fieldTaken(ErrorCode.AnnotationWorkNameExists, 'body/Name');

/**
 * Refuses (3333, by field) a dataset that is not a Ready one of the tenant, and a topic model that is not the
 * tenant's or not of the work's kind (an emotion model for type 2, a non-emotion one for type 1).
 */
async function checkReferences(db: Executor, tenantId: number, body: SaveBody): Promise<void> {
  const [dataset] = await db
    .select({ status: aiDatasets.status })
    .from(aiDatasets)
    .where(and(eq(aiDatasets.tenantId, tenantId), eq(aiDatasets.id, body.DatasetId)));
  if (dataset?.status !== 'Ready') throw invalidField('body/DatasetId', VALIDATION_MESSAGES.excluded);
  if (body.TopicModelId === null) return;
  const [model] = await db
    .select({ isEmotion: topicModels.isEmotionModel })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.id, body.TopicModelId)));
  if (!model || model.isEmotion !== (body.AnnotationType === 2))
    throw invalidField('body/TopicModelId', VALIDATION_MESSAGES.excluded);
}

/**
 * The build: keeps (with their gold labels) the instances still among the first TargetCount of the dataset's
 * instances in the work's seeded random order (md5 of work id and answer id), drops the others with their labels,
 * adds the missing ones, and numbers them all 1… in that order.
 */
async function copyInstances(tx: Executor, tenantId: number, id: number, target: number): Promise<number> {
  await tx.execute(sql`
    create temporary table if not exists annotation_work_pick (answer_id bigint primary key, position int not null)
    on commit drop`);
  await tx.execute(sql`delete from annotation_work_pick`);
  await tx.execute(sql`
    insert into annotation_work_pick (answer_id, position)
    select answer_id, row_number() over (order by md5(${id}::text || ':' || answer_id::text), answer_id)
    from ai_dataset_instances di
    where di.dataset_id = (select dataset_id from ai_annotation_works where id = ${id})
      and di.tenant_id = ${tenantId}
    order by md5(${id}::text || ':' || answer_id::text), answer_id
    limit ${target}`);
  await tx.execute(sql`
    delete from ai_annotation_work_instances wi where wi.work_id = ${id}
      and not exists (select 1 from annotation_work_pick p where p.answer_id = wi.answer_id)`);
  await tx.execute(sql`
    delete from ai_annotations a where a.work_id = ${id}
      and not exists (select 1 from annotation_work_pick p where p.answer_id = a.answer_id)`);
  // Kept instances move out of the way first: (work, position) is unique.
  await tx.execute(sql`update ai_annotation_work_instances set position = -position where work_id = ${id}`);
  await tx.execute(sql`
    update ai_annotation_work_instances wi set position = p.position
    from annotation_work_pick p where wi.work_id = ${id} and p.answer_id = wi.answer_id`);
  await tx.execute(sql`
    insert into ai_annotation_work_instances (work_id, tenant_id, answer_id, position, text, language)
    select ${id}, ${tenantId}, p.answer_id, p.position, di.text, di.language
    from annotation_work_pick p
    join ai_dataset_instances di on di.answer_id = p.answer_id
      and di.dataset_id = (select dataset_id from ai_annotation_works where id = ${id})
    on conflict (work_id, answer_id) do nothing`);
  const [row] = await tx
    .select({ n: count() })
    .from(sql`ai_annotation_work_instances`)
    .where(sql`work_id = ${id}`);
  return Number(row?.n ?? 0);
}

/**
 * Builds the work when `current` (its tenant, id and generation) still matches: copies the instances and marks it
 * Ready. The job's body, also run directly by the demo seed.
 */
export async function buildWork(db: Db, job: BuildJob): Promise<void> {
  const current = and(eq(w.tenantId, job.tenantId), eq(w.id, job.id), eq(w.generation, job.generation));
  await db.transaction(async (tx) => {
    // Locks the row: a save meanwhile waits, then bumps the generation and queues its own build.
    const [row] = await tx.select({ target: w.targetCount }).from(w).where(current).for('update');
    if (!row) return;
    const instances = await copyInstances(tx, job.tenantId, job.id, row.target);
    await tx
      .update(w)
      .set({ status: 'Ready', instanceCount: instances, buildError: null, updatedAt: new Date() })
      .where(current);
  });
}

/** The build job: a failure is recorded on the work (Failed) with its message. */
async function build(db: Db, job: BuildJob, logger: FastifyBaseLogger): Promise<void> {
  try {
    await buildWork(db, job);
  } catch (error) {
    logger.error({ err: error, workId: job.id }, 'annotation work build failed');
    await db
      .update(w)
      .set({
        status: 'Failed',
        buildError: error instanceof Error ? error.message.slice(0, 500) : 'build failed',
      })
      .where(and(eq(w.tenantId, job.tenantId), eq(w.id, job.id), eq(w.generation, job.generation)));
  }
}

const columnsOf = (body: SaveBody) => ({
  name: body.Name.trim(),
  annotationType: body.AnnotationType,
  datasetId: body.DatasetId,
  topicModelId: body.TopicModelId,
  targetCount: body.TargetCount,
  agreementLevel: body.AgreementLevel,
});

/** Creates a work and queues its build. Answers its id. */
async function createWork(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  tenantId: number,
  body: SaveBody,
): Promise<number> {
  await checkReferences(db, tenantId, body);
  if (await isNameTaken(db, w, body.Name, workInTenant(tenantId))) throw nameTaken();
  const id = await refusingConflicts(
    () =>
      insertedId(
        db
          .insert(w)
          .values({ tenantId, ...columnsOf(body) })
          .returning({ id: w.id }),
        'annotation work',
      ),
    { onDuplicate: nameTaken },
  );
  await jobs.send(WORK_BUILD_QUEUE, { tenantId, id, generation: 1 } satisfies BuildJob);
  return id;
}

function createWorkService(db: Db, jobs: JobQueue): RecordService<number, SaveBody, AiAnnotationWork> {
  return {
    get: (actor, id) => workFor(db, actor, id),

    async create(actor, body) {
      const id = await createWork(db, jobs, requireTenant(actor), body);
      return workFor(db, actor, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      const generation = await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const before = await workFor(tx, actor, id);
            if (
              before.AnnotationType !== body.AnnotationType ||
              before.DatasetId !== body.DatasetId ||
              before.TopicModelId !== body.TopicModelId
            )
              throw badRequest(ErrorCode.AnnotationWorkFixedFields);
            if (await isNameTaken(tx, w, body.Name, workInTenant(tenantId), id)) throw nameTaken();
            const rebuild = before.TargetCount !== body.TargetCount || before.Status === 'Failed';
            const [row] = await tx
              .update(w)
              .set({
                name: body.Name.trim(),
                targetCount: body.TargetCount,
                agreementLevel: body.AgreementLevel,
                updatedAt: new Date(),
                ...(rebuild
                  ? { status: 'Processing', generation: sql`${w.generation} + 1`, buildError: null }
                  : {}),
              })
              .where(and(workInTenant(tenantId), eq(w.id, id)))
              .returning({ generation: w.generation });
            if (before.AgreementLevel !== body.AgreementLevel) await recomputeGold(tx, id);
            return rebuild ? row!.generation : undefined;
          }),
        { onDuplicate: nameTaken },
      );
      if (generation !== undefined)
        await jobs.send(WORK_BUILD_QUEUE, { tenantId, id, generation } satisfies BuildJob);
      return workFor(db, actor, id);
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        await workFor(tx, actor, id);
        const [model] = await tx
          .select({ id: aiSentimentModels.id })
          .from(aiSentimentModels)
          .where(
            sql`${aiSentimentModels.annotationWorkId} = ${id} or ${aiSentimentModels.goldenAnnotationWorkId} = ${id}`,
          )
          .limit(1);
        if (model) throw badRequest(ErrorCode.AnnotationWorkInUse);
        await tx.delete(w).where(and(workInTenant(requireTenant(actor)), eq(w.id, id)));
      });
    },
  };
}

export function workRoutes(
  app: FastifyInstance,
  { db, jobs, logger }: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger },
): void {
  jobs.work<BuildJob>(WORK_BUILD_QUEUE, BUILD_SETTINGS, (job) => build(db, job, logger));

  registerGridRoutes(app, {
    path: WORKS_PATH,
    access: ANNOTATION_READ,
    item: aiAnnotationWorkSchema,
    source: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => workInTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(joined(db).$dynamic(), page);
        return rows.map(workOf);
      },
      count: (where) =>
        countOf(
          db
            .select({ n: count() })
            .from(w)
            .innerJoin(aiDatasets, eq(aiDatasets.id, w.datasetId))
            .where(where),
        ),
    },
  });

  registerRecordRoutes(app, {
    path: WORKS_PATH,
    params: aiAnnotationWorkParamsSchema,
    body: aiAnnotationWorkSaveSchema,
    item: aiAnnotationWorkSchema,
    read: ANNOTATION_READ,
    write: ANNOTATION_WRITE,
    service: createWorkService(db, jobs),
  });
}
