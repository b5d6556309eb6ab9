import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  aiDatasetParamsSchema,
  aiDatasetSaveSchema,
  aiDatasetSchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiDataset,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { registerRecordRoutes, type RecordService } from '../../core/record-routes.js';
import { fieldTaken, found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { aiDatasetInstances, aiDatasets, questions, surveys } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import { isoOf } from './iso.js';

/*
 * Text-analytics datasets (issue 21 item 1, docs/text-analytics-data.md): the grid and records of `/api/ai-datasets`
 * and the `ai-dataset-build` queue, whose job copies the matching open-ended answers into `ai_dataset_instances`.
 */

const PATH = '/api/ai-datasets';
const READ: [Scope, ...Scope[]] = ['dataset:read', 'dataset:manage'];
const WRITE: [Scope, ...Scope[]] = ['dataset:manage'];
const BUILD_QUEUE = 'ai-dataset-build';
// A failed build is recorded on the dataset (Failed), not retried: saving the dataset again rebuilds it.
const BUILD_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 3_600 };

type SaveBody = z.output<typeof aiDatasetSaveSchema>;
type BuildJob = { tenantId: number; id: number; generation: number };

const d = aiDatasets;
const selection = {
  Id: d.id,
  Name: d.name,
  Language: d.language,
  SurveyIds: d.surveyIds,
  QuestionIds: d.questionIds,
  DateFrom: d.dateFrom,
  DateTo: d.dateTo,
  Sources: d.sources,
  Status: d.status,
  InstanceCount: d.instanceCount,
  BuildError: d.buildError,
  CreatedDate: d.createdAt,
  BuiltDate: d.builtAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: d.id, type: 'number' },
  Name: { sql: d.name, type: 'string' },
  Language: { sql: d.language, type: 'string' },
  Status: { sql: d.status, type: 'string' },
  InstanceCount: { sql: d.instanceCount, type: 'number' },
  CreatedDate: { sql: d.createdAt, type: 'date' },
  BuiltDate: { sql: d.builtAt, type: 'date' },
} satisfies GridFields;

function datasetOf(row: Row): AiDataset {
  const at = (value: unknown) => (value === null ? null : isoOf(value));
  return {
    ...(row as unknown as AiDataset),
    Id: Number(row.Id),
    SurveyIds: (row.SurveyIds as number[]).map(Number),
    QuestionIds: (row.QuestionIds as number[]).map(Number),
    InstanceCount: Number(row.InstanceCount),
    DateFrom: at(row.DateFrom),
    DateTo: at(row.DateTo),
    CreatedDate: isoOf(row.CreatedDate),
    BuiltDate: at(row.BuiltDate),
  };
}

const inTenant = (tenantId: number) => eq(d.tenantId, tenantId);

async function datasetFor(db: Executor, actor: Actor, id: number): Promise<AiDataset> {
  const [row] = await db
    .select(selection)
    .from(d)
    .where(and(inTenant(requireTenant(actor)), eq(d.id, id)));
  return datasetOf(found(row));
}

const nameTaken = () => fieldTaken(ErrorCode.DatasetNameExists, 'body/Name');

/** Refuses (3333, by field) surveys that are not the tenant's and questions that are not open-ended ones of them. */
async function checkReferences(db: Executor, tenantId: number, body: SaveBody): Promise<void> {
  const surveyIds = [...new Set(body.SurveyIds)];
  const found = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), inArray(surveys.id, surveyIds)));
  if (found.length !== surveyIds.length) throw invalidField('body/SurveyIds', VALIDATION_MESSAGES.excluded);
  const questionIds = [...new Set(body.QuestionIds)];
  if (questionIds.length === 0) return;
  const open = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.tenantId, tenantId),
        eq(questions.type, 'OETX'),
        inArray(questions.surveyId, surveyIds),
        inArray(questions.id, questionIds),
      ),
    );
  if (open.length !== questionIds.length)
    throw invalidField('body/QuestionIds', VALIDATION_MESSAGES.excluded);
}

/** What decides a dataset's instances: a change of any of them rebuilds it. */
const sourceColumnsOf = (body: SaveBody) => ({
  language: body.Language,
  surveyIds: [...new Set(body.SurveyIds)].sort((a, b) => a - b),
  questionIds: [...new Set(body.QuestionIds)].sort((a, b) => a - b),
  dateFrom: body.DateFrom === null ? null : new Date(body.DateFrom),
  dateTo: body.DateTo === null ? null : new Date(body.DateTo),
  sources: [...new Set(body.Sources)].sort(),
});

const sameSources = (a: AiDataset, b: ReturnType<typeof sourceColumnsOf>) =>
  JSON.stringify([a.Language, a.SurveyIds, a.QuestionIds, a.DateFrom, a.DateTo, a.Sources]) ===
  JSON.stringify([
    b.language,
    b.surveyIds,
    b.questionIds,
    b.dateFrom?.toISOString() ?? null,
    b.dateTo?.toISOString() ?? null,
    b.sources,
  ]);

/**
 * Copies the dataset's matching answers: non-blank answers to open-ended (OETX) questions of its surveys (of its
 * questions when it names some) whose language (the text analysis's, else the invitee's) is the dataset's, whose
 * session was answered (else created) within its date range and came from one of its sources. Answers the count.
 */
async function copyInstances(tx: Executor, tenantId: number, id: number): Promise<number> {
  const inserted = await tx.execute(sql`
    insert into ai_dataset_instances (dataset_id, tenant_id, answer_id, session_id, text, language)
    select ds.id, ds.tenant_id, a.id, a.session_id, a.text, coalesce(ta.language, iv.language)
    from ai_datasets ds
    join sessions s on s.tenant_id = ds.tenant_id and s.survey_id = any(ds.survey_ids)
    join answers a on a.session_id = s.id and a.tenant_id = ds.tenant_id
    join questions q on q.id = a.question_id and q.type = 'OETX'
    join invitees iv on iv.id = s.invitee_id
    left join text_analyses ta on ta.answer_id = a.id
    where ds.id = ${id} and ds.tenant_id = ${tenantId}
      and (cardinality(ds.question_ids) = 0 or a.question_id = any(ds.question_ids))
      and btrim(coalesce(a.text, '')) <> ''
      and coalesce(ta.language, iv.language) = ds.language
      and (ds.date_from is null or coalesce(s.answered_at, s.created_at) >= ds.date_from)
      and (ds.date_to is null or coalesce(s.answered_at, s.created_at) <= ds.date_to)
      and (cardinality(ds.sources) = 0 or s.source = any(ds.sources))
  `);
  return Number(
    (inserted as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (inserted as { affectedRows?: number }).affectedRows ??
      0,
  );
}

/**
 * The build job: replaces the instances and marks the dataset Ready, unless a later save asked for another build.
 * Also run directly by the annotation works' demo seed.
 */
export async function build(db: Db, job: BuildJob, logger: FastifyBaseLogger): Promise<void> {
  const current = and(eq(d.tenantId, job.tenantId), eq(d.id, job.id), eq(d.generation, job.generation));
  try {
    await db.transaction(async (tx) => {
      // Locks the row: a save meanwhile waits, then bumps the generation and queues its own build.
      const [row] = await tx.select({ id: d.id }).from(d).where(current).for('update');
      if (!row) return;
      await tx.delete(aiDatasetInstances).where(eq(aiDatasetInstances.datasetId, job.id));
      const instances = await copyInstances(tx, job.tenantId, job.id);
      await tx
        .update(d)
        .set({ status: 'Ready', instanceCount: instances, buildError: null, builtAt: new Date() })
        .where(current);
    });
  } catch (error) {
    logger.error({ err: error, datasetId: job.id }, 'dataset build failed');
    await db
      .update(d)
      .set({
        status: 'Failed',
        buildError: error instanceof Error ? error.message.slice(0, 500) : 'build failed',
      })
      .where(current);
  }
}

function createDatasetService(db: Db, jobs: JobQueue): RecordService<number, SaveBody, AiDataset> {
  const queueBuild = (tenantId: number, id: number, generation: number) =>
    jobs.send(BUILD_QUEUE, { tenantId, id, generation } satisfies BuildJob);
  return {
    get: (actor, id) => datasetFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      await checkReferences(db, tenantId, body);
      if (await isNameTaken(db, d, body.Name, inTenant(tenantId))) throw nameTaken();
      const id = await refusingConflicts(
        () =>
          insertedId(
            db
              .insert(d)
              .values({ tenantId, name: body.Name.trim(), ...sourceColumnsOf(body) })
              .returning({ id: d.id }),
            'dataset',
          ),
        { onDuplicate: nameTaken },
      );
      await queueBuild(tenantId, id, 1);
      return datasetFor(db, actor, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      const generation = await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const before = await datasetFor(tx, actor, id);
            await checkReferences(tx, tenantId, body);
            if (await isNameTaken(tx, d, body.Name, inTenant(tenantId), id)) throw nameTaken();
            const columns = sourceColumnsOf(body);
            const rebuild = !sameSources(before, columns) || before.Status === 'Failed';
            const [row] = await tx
              .update(d)
              .set({
                name: body.Name.trim(),
                ...columns,
                updatedAt: new Date(),
                ...(rebuild
                  ? { status: 'Processing', generation: sql`${d.generation} + 1`, buildError: null }
                  : {}),
              })
              .where(and(inTenant(tenantId), eq(d.id, id)))
              .returning({ generation: d.generation });
            return rebuild ? row!.generation : undefined;
          }),
        { onDuplicate: nameTaken },
      );
      if (generation !== undefined) await queueBuild(tenantId, id, generation);
      return datasetFor(db, actor, id);
    },

    async remove(actor, id) {
      await datasetFor(db, actor, id);
      // The status is checked by the delete itself, so a save that starts a build meanwhile still blocks it.
      const deleted = await db
        .delete(d)
        .where(and(inTenant(requireTenant(actor)), eq(d.id, id), ne(d.status, 'Processing')))
        .returning({ id: d.id });
      if (deleted.length === 0) throw badRequest(ErrorCode.DatasetProcessing);
    },
  };
}

export function datasetRoutes(
  app: FastifyInstance,
  { db, jobs, logger }: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger },
): void {
  jobs.work<BuildJob>(BUILD_QUEUE, BUILD_SETTINGS, (job) => build(db, job, logger));

  registerGridRoutes(app, {
    path: PATH,
    access: READ,
    item: aiDatasetSchema,
    source: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(d).$dynamic(), page);
        return rows.map(datasetOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(d).where(where)),
    },
  });

  registerRecordRoutes(app, {
    path: PATH,
    params: aiDatasetParamsSchema,
    body: aiDatasetSaveSchema,
    item: aiDatasetSchema,
    read: READ,
    write: WRITE,
    service: createDatasetService(db, jobs),
  });
}
