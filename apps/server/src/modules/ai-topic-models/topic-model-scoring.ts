import { PassThrough } from 'node:stream';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiTopicExportQuerySchema,
  aiTopicModelParamsSchema,
  aiTopicStatisticsSchema,
  aiTopicTryResultSchema,
  aiTopicTrySchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiTopicStatistics,
} from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import { invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  aiAnnotationWorkInstances,
  aiDatasetInstances,
  aiExperimentLogs,
  aiJobRuns,
  textTopics,
  topicModels,
  topics,
} from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { contentDisposition } from '../../grid/grid-routes.js';
import { writeSheet } from '../../grid/xlsx-sheet.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { ModelLanguage } from '../../text-models/text-features.js';
import { topicModelScorer, trainTopicClassifier } from '../../text-models/topic-classifier.js';
import type { TopicRules } from '../../text-models/topic-scorer.js';
import { storedModel, TOPIC_MODELS_PATH, TOPIC_READ, TOPIC_WRITE } from './topic-models.js';

/*
 * What a topic model does with text (issue 21 item 4, docs/ai-topic-models.md): try a sentence, export random
 * dataset instances scored, the per-topic statistics on the annotation work's gold labels, and the `ai-topic-train`
 * job that trains the classifier of a model of type 1.
 */

const TRAIN_QUEUE = 'ai-topic-train';
// A failed training is recorded (the run's log, the server log), not retried: asking again trains again.
const TRAIN_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 1_800 };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The train job's payload; `runId` when a scheduled job (ai_job_runs) asked for it. */
export type TrainJob = { tenantId: number; modelId: number; runId?: number };

type StoredModel = typeof topicModels.$inferSelect;

const languageOf = (model: StoredModel): ModelLanguage => (model.language === 'tr' ? 'tr' : 'en');

async function rulesOf(db: Executor, model: StoredModel): Promise<TopicRules[]> {
  return db
    .select({
      id: topics.id,
      name: topics.name,
      threshold: topics.threshold,
      stemming: topics.stemming,
      positiveSeedWords: topics.positiveSeedWords,
      negativeSeedWords: topics.negativeSeedWords,
      positiveExactMatches: topics.positiveExactMatches,
      negativeExactMatches: topics.negativeExactMatches,
    })
    .from(topics)
    .where(and(eq(topics.tenantId, model.tenantId), eq(topics.modelId, model.id)))
    .orderBy(asc(topics.id));
}

/** The model's scorer: its rules, blended with its classifier when it is of type 1 and has been trained. */
async function scorerOf(db: Executor, model: StoredModel) {
  const rules = await rulesOf(db, model);
  const classifier = model.modelType === 1 ? model.classifier : null;
  return { rules, scorer: topicModelScorer(rules, languageOf(model), classifier) };
}

/** The instances of an annotation work that have a gold label (annotators agreed, or an upload gave one). */
const goldOfWork = (tenantId: number, workId: number) =>
  and(
    eq(aiAnnotationWorkInstances.tenantId, tenantId),
    eq(aiAnnotationWorkInstances.workId, workId),
    isNotNull(aiAnnotationWorkInstances.goldLabels),
  );

/** The gold labels of the model's annotation work: every instance annotators agreed on (labels may be empty). */
async function goldOf(db: Executor, model: StoredModel): Promise<{ text: string; topics: string[] }[]> {
  if (model.annotationWorkId === null) return [];
  const rows = await db
    .select({ text: aiAnnotationWorkInstances.text, labels: aiAnnotationWorkInstances.goldLabels })
    .from(aiAnnotationWorkInstances)
    .where(goldOfWork(model.tenantId, model.annotationWorkId))
    .orderBy(asc(aiAnnotationWorkInstances.position));
  return rows.map((row) => ({ text: row.text, topics: row.labels ?? [] }));
}

const key = (name: string) => name.trim().toLocaleLowerCase('tr');
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

/**
 * Per topic precision and recall of the model on the gold labels (topics matched by name, case-insensitively),
 * the pooled (micro) figures, and each topic's volume: the answers text_topics labels with it.
 */
async function statisticsOf(db: Executor, model: StoredModel): Promise<AiTopicStatistics> {
  const { rules, scorer } = await scorerOf(db, model);
  const gold = await goldOf(db, model);
  const counts = new Map(rules.map((rule) => [rule.id, { tp: 0, fp: 0, fn: 0 }]));
  for (const item of gold) {
    const actual = new Set(item.topics.map(key));
    const predicted = new Set(scorer.score(item.text).map((hit) => hit.topicId));
    for (const rule of rules) {
      const c = counts.get(rule.id)!;
      const isActual = actual.has(key(rule.name));
      const isPredicted = predicted.has(rule.id);
      if (isActual && isPredicted) c.tp++;
      else if (isPredicted) c.fp++;
      else if (isActual) c.fn++;
    }
  }
  const volumes = await db
    .select({ topicId: textTopics.topicId, n: count() })
    .from(textTopics)
    .where(and(eq(textTopics.tenantId, model.tenantId), eq(textTopics.modelId, model.id)))
    .groupBy(textTopics.topicId);
  const volume = new Map(volumes.map((row) => [row.topicId, Number(row.n)]));
  const total = { tp: 0, fp: 0, fn: 0 };
  const Items = rules.map((rule) => {
    const c = counts.get(rule.id)!;
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    const Precision = ratio(c.tp, c.tp + c.fp);
    const Recall = ratio(c.tp, c.tp + c.fn);
    return {
      TopicId: rule.id,
      Name: rule.name,
      Precision,
      Recall,
      F1: f1(Precision, Recall),
      Support: c.tp + c.fn,
      Volume: volume.get(rule.id) ?? 0,
    };
  });
  const MicroPrecision = ratio(total.tp, total.tp + total.fp);
  const MicroRecall = ratio(total.tp, total.tp + total.fn);
  return {
    AnnotatedCount: gold.length,
    MicroPrecision,
    MicroRecall,
    MicroF1: f1(MicroPrecision, MicroRecall),
    Items,
  };
}

/** Refuses (19135, 19136) a model that cannot be trained: not of type 1, no annotation work, no gold label. */
async function checkTrainable(db: Executor, model: StoredModel): Promise<void> {
  if (model.modelType !== 1 || model.annotationWorkId === null)
    throw badRequest(ErrorCode.TopicModelNotTrainable);
  const [gold] = await db
    .select({ n: count() })
    .from(aiAnnotationWorkInstances)
    .where(goldOfWork(model.tenantId, model.annotationWorkId));
  if (Number(gold?.n ?? 0) === 0) throw badRequest(ErrorCode.TopicModelNoGoldLabels);
}

/**
 * The train job: trains one binary classifier per topic on the gold labels, stores it on the model and, for a
 * scheduled run, writes the experiment log (the statistics on the gold set) and finishes the run.
 */
export async function trainTopicModel(db: Db, job: TrainJob, logger: FastifyBaseLogger): Promise<void> {
  let processed = 0;
  try {
    const [model] = await db
      .select()
      .from(topicModels)
      .where(and(eq(topicModels.tenantId, job.tenantId), eq(topicModels.id, job.modelId)));
    if (!model) throw new Error(`topic model ${job.modelId} not found`);
    await checkTrainable(db, model);
    const gold = await goldOf(db, model);
    processed = gold.length;
    const rules = await rulesOf(db, model);
    const classifier = trainTopicClassifier(
      gold,
      rules.map((rule) => rule.name),
      { language: languageOf(model) },
    );
    const trained = { ...model, classifier: JSON.stringify(classifier) };
    await db
      .update(topicModels)
      .set({ classifier: trained.classifier, classifierTrainedAt: new Date() })
      .where(and(eq(topicModels.tenantId, job.tenantId), eq(topicModels.id, job.modelId)));
    if (job.runId !== undefined) {
      const report = await statisticsOf(db, trained);
      const message = `trained on ${gold.length} labels; micro-F1 ${report.MicroF1.toFixed(3)}`;
      await finishRun(db, job, { succeeded: true, message, processed, report });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'training failed';
    logger.error({ err: error, topicModelId: job.modelId }, 'topic model training failed');
    if (job.runId !== undefined)
      await finishRun(db, job, { succeeded: false, message, processed, report: null });
  }
}

async function finishRun(
  db: Db,
  job: TrainJob,
  outcome: { succeeded: boolean; message: string; processed: number; report: AiTopicStatistics | null },
): Promise<void> {
  const runId = job.runId!;
  await db.transaction(async (tx) => {
    await tx.insert(aiExperimentLogs).values({
      tenantId: job.tenantId,
      runId,
      modelKind: 'topic',
      modelId: job.modelId,
      report: outcome.report,
      accepted: outcome.succeeded,
      message: outcome.message,
    });
    await tx
      .update(aiJobRuns)
      .set({
        status: outcome.succeeded ? 'Succeeded' : 'Failed',
        finishedAt: new Date(),
        message: outcome.message,
        processedCount: outcome.processed,
      })
      .where(and(eq(aiJobRuns.tenantId, job.tenantId), eq(aiJobRuns.id, runId)));
  });
}

/** Queues the training of a model of the caller's tenant (refused at once when it cannot be trained). */
async function queueTraining(db: Db, jobs: JobQueue, actor: Actor, id: number): Promise<void> {
  const model = await storedModel(db, actor, id);
  await checkTrainable(db, model);
  await jobs.send(TRAIN_QUEUE, { tenantId: model.tenantId, modelId: id } satisfies TrainJob);
}

/** N random instances of the model's dataset, each with the topics the model finds, as one worksheet. */
async function exportRows(db: Db, model: StoredModel, wanted: number) {
  if (model.datasetId === null) throw invalidField('DatasetId', VALIDATION_MESSAGES.required);
  const { scorer } = await scorerOf(db, model);
  const rows = await db
    .select({ answerId: aiDatasetInstances.answerId, text: aiDatasetInstances.text })
    .from(aiDatasetInstances)
    .where(
      and(eq(aiDatasetInstances.tenantId, model.tenantId), eq(aiDatasetInstances.datasetId, model.datasetId)),
    )
    .orderBy(sql`random()`)
    .limit(wanted);
  return rows.map((row) => {
    const hits = scorer.score(row.text);
    return {
      answerId: row.answerId,
      text: row.text,
      topics: hits.map((hit) => hit.name).join(', '),
      scores: hits.map((hit) => hit.score.toFixed(3)).join(', '),
    };
  });
}

export function topicModelScoringRoutes(
  app: FastifyInstance,
  { db, jobs, logger }: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger },
): void {
  jobs.work<TrainJob>(TRAIN_QUEUE, TRAIN_SETTINGS, (job) => trainTopicModel(db, job, logger));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = aiTopicModelParamsSchema;

  routes.post(
    `${TOPIC_MODELS_PATH}/:id/try`,
    {
      config: { access: TOPIC_READ },
      schema: { params, body: aiTopicTrySchema, response: { 200: aiTopicTryResultSchema } },
    },
    async (request) => {
      const model = await storedModel(db, request.actor, request.params.id);
      const { scorer } = await scorerOf(db, model);
      return {
        Items: scorer.score(request.body.Text).map((hit) => ({
          TopicId: hit.topicId,
          Name: hit.name,
          Score: hit.score,
          RuleScore: hit.ruleScore,
          ClassifierProbability: hit.classifierProbability,
        })),
      };
    },
  );

  routes.get(
    `${TOPIC_MODELS_PATH}/:id/statistics`,
    { config: { access: TOPIC_READ }, schema: { params, response: { 200: aiTopicStatisticsSchema } } },
    async (request) => statisticsOf(db, await storedModel(db, request.actor, request.params.id)),
  );

  routes.post(
    `${TOPIC_MODELS_PATH}/:id/train`,
    {
      config: { access: TOPIC_WRITE },
      schema: { params, response: { 202: z.object({ Queued: z.literal(true) }) } },
    },
    async (request, reply) => {
      await queueTraining(db, jobs, request.actor, request.params.id);
      return reply.status(202).send({ Queued: true });
    },
  );

  routes.get(
    `${TOPIC_MODELS_PATH}/:id/export`,
    {
      config: { access: TOPIC_READ, audit: { event: 'export' } },
      schema: { params, querystring: aiTopicExportQuerySchema },
    },
    async (request, reply) => {
      const model = await storedModel(db, request.actor, request.params.id);
      const rows = await exportRows(db, model, request.query.count);
      if (rows.length === 0) throw badRequest(ErrorCode.ExportEmpty);
      const stream = new PassThrough();
      writeSheet({
        stream,
        sheetName: model.name,
        columns: [
          { key: 'answerId', title: 'AnswerId', width: 12 },
          { key: 'text', title: 'Text', width: 80 },
          { key: 'topics', title: 'Topics', width: 40 },
          { key: 'scores', title: 'Scores', width: 24 },
        ],
        cells: (row) => [row.answerId, row.text, row.topics, row.scores],
        firstPage: rows,
        pageSize: rows.length + 1,
        limit: rows.length,
        nextPage: async () => [],
      }).catch((error: unknown) => {
        request.log.error({ err: error }, 'topic model export failed while streaming');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(`${model.name}.xlsx`))
        .send(stream);
    },
  );
}
