import { PassThrough } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiSentimentChoicesSchema,
  aiSentimentExportQuerySchema,
  aiSentimentModelParamsSchema,
  aiSentimentModelSaveSchema,
  aiSentimentModelSchema,
  aiSentimentPredictionSchema,
  aiSentimentStatisticsQuerySchema,
  aiSentimentStatisticsSchema,
  aiSentimentTrainSchema,
  aiSentimentTrySchema,
  ErrorCode,
  SENTIMENT_MODEL_LIMITS,
  type AiSentimentStatistics,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import type { Db } from '../../db/client.js';
import {
  aiAnnotationWorkInstances,
  aiAnnotationWorks,
  aiDatasets,
  aiSentimentModels,
  aiSentimentModelVersions,
} from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { contentDisposition, registerGridRoutes } from '../../grid/grid-routes.js';
import { writeSheet } from '../../grid/xlsx-sheet.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import { SENTIMENT_LABELS } from '../../text-models/sentiment-classifier.js';
import {
  createSentimentModelService,
  inTenant,
  isoOf,
  sentimentModelCount,
  sentimentModelFields,
  sentimentModelFor,
  sentimentModelRows,
} from './models.js';
import { loadSentimentScorer } from './scorer.js';
import { runTrainJob, TRAIN_QUEUE, type StoredReport, type TrainJob } from './training.js';

/*
 * Sentiment models (issue 21 item 3, docs/ai-sentiment-models.md): `/api/ai-sentiment-models` grid and records,
 * `/{id}/train` (queues the `ai-sentiment-train` job), `/{id}/try`, `/{id}/export` and `/{id}/statistics`.
 */

const PATH = '/api/ai-sentiment-models';
const READ: [Scope, ...Scope[]] = ['sentiment:read', 'sentiment:manage'];
const WRITE: [Scope, ...Scope[]] = ['sentiment:manage'];
// A failed training is recorded on the model (Failed, training_error), not retried: train again.
const TRAIN_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 3_600 };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sentimentModelRoutes(
  app: FastifyInstance,
  { db, jobs, logger }: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger },
): void {
  jobs.work<TrainJob>(TRAIN_QUEUE, TRAIN_SETTINGS, (job) => runTrainJob(db, job, logger));

  registerGridRoutes(app, {
    path: PATH,
    access: READ,
    item: aiSentimentModelSchema,
    source: {
      fields: sentimentModelFields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      rows: (page) => sentimentModelRows(db, page),
      count: (where) => sentimentModelCount(db, where!),
    },
  });

  registerRecordRoutes(app, {
    path: PATH,
    params: aiSentimentModelParamsSchema,
    body: aiSentimentModelSaveSchema,
    item: aiSentimentModelSchema,
    read: READ,
    write: WRITE,
    service: createSentimentModelService(db),
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const m = aiSentimentModels;

  routes.get(
    `${PATH}/choices`,
    { config: { access: READ }, schema: { response: { 200: aiSentimentChoicesSchema } } },
    async (request) => choicesOf(db, requireTenant(request.actor)),
  );

  routes.post(
    `${PATH}/:id/train`,
    {
      config: { access: WRITE },
      schema: {
        params: aiSentimentModelParamsSchema,
        body: aiSentimentTrainSchema,
        response: { 202: aiSentimentModelSchema },
      },
    },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const { id } = request.params;
      await sentimentModelFor(db, request.actor, id);
      // Training only one at a time: the status moves to Training in the same statement that checks it.
      const moved = await db
        .update(m)
        .set({ status: 'Training', trainingError: null, updatedAt: new Date() })
        .where(and(inTenant(tenantId), eq(m.id, id), sql`${m.status} <> 'Training'`))
        .returning({ id: m.id });
      if (moved.length === 0) throw badRequest(ErrorCode.SentimentModelTraining);
      await jobs.send(TRAIN_QUEUE, {
        tenantId,
        modelId: id,
        fromScratch: request.body.FromScratch,
      } satisfies TrainJob);
      return reply.status(202).send(await sentimentModelFor(db, request.actor, id));
    },
  );

  routes.post(
    `${PATH}/:id/try`,
    {
      config: { access: READ },
      schema: {
        params: aiSentimentModelParamsSchema,
        body: aiSentimentTrySchema,
        response: { 200: aiSentimentPredictionSchema },
      },
    },
    async (request) => {
      const model = await sentimentModelFor(db, request.actor, request.params.id);
      if (request.body.Language !== model.Language) throw badRequest(ErrorCode.SentimentLanguageMismatch);
      const scorer = await loadSentimentScorer(db, requireTenant(request.actor), model.Id);
      if (!scorer) throw badRequest(ErrorCode.SentimentModelNotTrained);
      return scorer.predict(request.body.Text);
    },
  );

  routes.get(
    `${PATH}/:id/export`,
    {
      config: { access: READ },
      schema: { params: aiSentimentModelParamsSchema, querystring: aiSentimentExportQuerySchema },
    },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const model = await sentimentModelFor(db, request.actor, request.params.id);
      const { count } = request.query;
      if (count < 1 || count > SENTIMENT_MODEL_LIMITS.exportCountMax)
        throw badRequest(ErrorCode.SentimentExportCount);
      const scorer = await loadSentimentScorer(db, tenantId, model.Id);
      if (!scorer) throw badRequest(ErrorCode.SentimentModelNotTrained);
      const rows = await randomInstances(db, tenantId, model.AnnotationWorkId, count);
      const stream = new PassThrough();
      writeSheet<(typeof rows)[number]>({
        stream,
        sheetName: model.Name,
        columns: [
          { key: 'answerId', title: 'Answer id', width: 12 },
          { key: 'text', title: 'Text', width: 80 },
          { key: 'label', title: 'Label', width: 12 },
          { key: 'score', title: 'Sentiment score', width: 16 },
          { key: 'probability', title: 'Probability', width: 12, style: { numFmt: '0.000' } },
          { key: 'gold', title: 'Gold label', width: 12 },
        ],
        cells: (row) => {
          const prediction = scorer.predict(row.text);
          return [
            row.answerId,
            row.text,
            prediction.Label,
            prediction.SentimentScore,
            prediction.Probability,
            row.gold,
          ];
        },
        firstPage: rows,
        pageSize: rows.length + 1,
        limit: rows.length,
        nextPage: () => Promise.resolve([]),
      }).catch((error: unknown) => {
        request.log.error({ err: error }, 'sentiment export failed while streaming');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(`${model.Name}.xlsx`))
        .send(stream);
    },
  );

  routes.get(
    `${PATH}/:id/statistics`,
    {
      config: { access: READ },
      schema: {
        params: aiSentimentModelParamsSchema,
        querystring: aiSentimentStatisticsQuerySchema,
        response: { 200: aiSentimentStatisticsSchema },
      },
    },
    async (request) => {
      const model = await sentimentModelFor(db, request.actor, request.params.id);
      return statisticsOf(db, model.Id, model.CurrentVersion, request.query.version);
    },
  );
}

/** The form's selects: the tenant's sentiment works (with their gold label counts) and sentiment models. */
async function choicesOf(db: Db, tenantId: number) {
  const w = aiAnnotationWorks;
  const works = await db
    .select({
      Id: w.id,
      Name: w.name,
      Language: aiDatasets.language,
      GoldLabelCount: sql<number>`(select count(*) from ${aiAnnotationWorkInstances} wi
        where wi.work_id = ${w.id} and wi.gold_labels is not null)`.mapWith(Number),
    })
    .from(w)
    .innerJoin(aiDatasets, eq(aiDatasets.id, w.datasetId))
    .where(and(eq(w.tenantId, tenantId), eq(w.annotationType, 0)))
    .orderBy(asc(w.name));
  const models = await db
    .select({ Id: aiSentimentModels.id, Name: aiSentimentModels.name, Language: aiSentimentModels.language })
    .from(aiSentimentModels)
    .where(inTenant(tenantId))
    .orderBy(asc(aiSentimentModels.name));
  return { Works: works, Models: models };
}

/** N random instances of the work's dataset with the work's gold label where one exists. */
async function randomInstances(db: Db, tenantId: number, workId: number | null, count: number) {
  if (workId === null) return [];
  const result = await db.execute(sql`
    select di.answer_id as "answerId", di.text, wi.gold_labels[1] as gold
    from ${aiAnnotationWorks} w
    join ai_dataset_instances di on di.dataset_id = w.dataset_id and di.tenant_id = w.tenant_id
    left join ${aiAnnotationWorkInstances} wi on wi.work_id = w.id and wi.answer_id = di.answer_id
    where w.id = ${workId} and w.tenant_id = ${tenantId}
    order by random()
    limit ${count}
  `);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as {
    answerId: number | string;
    text: string;
    gold: string | null;
  }[];
  return rows.map((row) => ({ answerId: Number(row.answerId), text: row.text, gold: row.gold ?? null }));
}

async function statisticsOf(
  db: Db,
  modelId: number,
  current: number | null,
  chosen: number | undefined,
): Promise<AiSentimentStatistics> {
  const v = aiSentimentModelVersions;
  const versions = await db
    .select({
      version: v.version,
      trainedAt: v.trainedAt,
      labelCount: v.labelCount,
      accepted: v.accepted,
      rejectedReason: v.rejectedReason,
      trainingMs: v.trainingMs,
      report: v.report,
    })
    .from(v)
    .where(eq(v.modelId, modelId))
    .orderBy(asc(v.version));
  const wanted = chosen ?? current;
  const shown = versions.find((row) => row.version === wanted);
  if (chosen !== undefined && !shown) throw notFound();
  const report = shown?.report as StoredReport | undefined;
  return {
    Versions: versions.map((row) => ({
      Version: row.version,
      TrainedDate: isoOf(row.trainedAt),
      LabelCount: row.labelCount,
      Accepted: row.accepted,
      RejectedReason: row.rejectedReason,
      MacroF1: (row.report as StoredReport).macroF1,
      TrainingMs: row.trainingMs,
      IsCurrent: row.version === current,
    })),
    Version: shown?.version ?? null,
    Evaluation: report?.evaluation ?? null,
    Classes: SENTIMENT_LABELS.map((label) => {
      const figures = report?.classes.find((c) => c.label === label);
      return {
        Label: label,
        Precision: figures?.precision ?? 0,
        Recall: figures?.recall ?? 0,
        F1: figures?.f1 ?? 0,
        Support: figures?.support ?? 0,
      };
    }).filter(() => report !== undefined),
    Confusion: report?.confusion ?? [],
    MacroF1: report?.macroF1 ?? null,
  };
}
