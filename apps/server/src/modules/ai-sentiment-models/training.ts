import { and, asc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  aiAnnotationWorkInstances,
  aiExperimentLogs,
  aiJobRuns,
  aiSentimentModels,
  aiSentimentModelVersions,
} from '../../db/schema/index.js';
import { classificationReport } from '../../text-models/metrics.js';
import {
  SENTIMENT_LABELS,
  sentimentScorer,
  trainSentimentModel,
  type LabelledText,
  type SentimentLabel,
  type SentimentModel,
} from '../../text-models/sentiment-classifier.js';
import type { ModelLanguage } from '../../text-models/text-features.js';
import { currentSentimentVersion } from './scorer.js';

/*
 * The training job of a sentiment model (issue 21 item 3, docs/ai-sentiment-models.md § Training): the annotation
 * work's gold labels train a new version, the golden work's gold labels (or every tenth label, held out) evaluate it, and the
 * version becomes current only when every class's F1 beats the version it would replace by the model's required
 * increase, both measured on the same evaluation set.
 */

export const TRAIN_QUEUE = 'ai-sentiment-train';

/** The queue's payload; `runId` when a scheduled job started it (its ai_job_runs row is finished here). */
export type TrainJob = { tenantId: number; modelId: number; fromScratch: boolean; runId?: number };

/** The stored evaluation of a version (ai_sentiment_model_versions.report). */
export type StoredReport = {
  evaluation: 'golden' | 'held-out';
  evaluationCount: number;
  classes: { label: SentimentLabel; precision: number; recall: number; f1: number; support: number }[];
  macroF1: number;
  microF1: number;
  accuracy: number;
  confusion: number[][];
  /** The version it was compared with, measured on the same evaluation set; null for a first version. */
  comparedWith: { model: 'current' | 'base'; version: number; f1: Record<SentimentLabel, number> } | null;
};

const HELD_OUT_EVERY = 10;
const SEED = 1;

/** The work's gold sentiment labels with their texts, in the work's order. */
async function goldLabelsOf(db: Executor, tenantId: number, workId: number): Promise<LabelledText[]> {
  const i = aiAnnotationWorkInstances;
  const rows = await db
    .select({ text: i.text, label: sql<string>`${i.goldLabels}[1]` })
    .from(i)
    .where(and(eq(i.tenantId, tenantId), eq(i.workId, workId), isNotNull(i.goldLabels)))
    .orderBy(asc(i.position));
  return rows.filter((row): row is LabelledText =>
    (SENTIMENT_LABELS as readonly string[]).includes(row.label),
  );
}

/** Every tenth label (by the work's order) to evaluate on, the rest to train (when there is no golden work). */
function holdOut(labels: LabelledText[]): { training: LabelledText[]; evaluation: LabelledText[] } {
  const evaluated = (index: number) => index % HELD_OUT_EVERY === HELD_OUT_EVERY - 1;
  return {
    training: labels.filter((_, index) => !evaluated(index)),
    evaluation: labels.filter((_, index) => evaluated(index)),
  };
}

function evaluate(model: SentimentModel, evaluation: LabelledText[]) {
  const scorer = sentimentScorer(model);
  return classificationReport(
    evaluation.map((item) => item.label),
    evaluation.map((item) => scorer.predict(item.text).Label),
    SENTIMENT_LABELS,
  );
}

const f1Of = (report: ReturnType<typeof evaluate>) =>
  Object.fromEntries(report.classes.map((c) => [c.label, c.f1])) as Record<SentimentLabel, number>;

class TrainingRefused extends Error {}

type ModelRow = typeof aiSentimentModels.$inferSelect;

/** Trains, evaluates and stores one version; answers what the run's log says and how many labels trained. */
async function trainVersion(db: Db, model: ModelRow, fromScratch: boolean) {
  const { tenantId } = model;
  if (model.annotationWorkId === null) throw new TrainingRefused('The model has no annotation work.');
  const labels = await goldLabelsOf(db, tenantId, model.annotationWorkId);
  if (labels.length < model.minLabels) {
    throw new TrainingRefused(
      `The annotation work has ${labels.length} gold labels; the model needs at least ${model.minLabels}.`,
    );
  }
  const golden =
    model.goldenAnnotationWorkId === null
      ? []
      : await goldLabelsOf(db, tenantId, model.goldenAnnotationWorkId);
  const split = golden.length > 0 ? { training: labels, evaluation: golden } : holdOut(labels);

  const current = await currentSentimentVersion(db, tenantId, model.id);
  const base =
    model.baseModelId === null ? null : await currentSentimentVersion(db, tenantId, model.baseModelId);
  const comparison = current
    ? { kind: 'current' as const, ...current }
    : base && base.model.language === model.language
      ? { kind: 'base' as const, ...base }
      : null;
  const language = model.language as ModelLanguage;

  const started = performance.now();
  const trained = trainSentimentModel(split.training, {
    language,
    learningRate: model.learningRate,
    epochSize: model.epochSize,
    trainAll: model.trainAll,
    seed: SEED,
    ...(fromScratch || !comparison ? {} : { baseModel: comparison.model }),
  });
  const trainingMs = Math.round(performance.now() - started);
  const report = evaluate(trained, split.evaluation);

  let accepted = true;
  let rejectedReason: string | null = null;
  let comparedWith: StoredReport['comparedWith'] = null;
  if (comparison) {
    const before = f1Of(evaluate(comparison.model, split.evaluation));
    const after = f1Of(report);
    comparedWith = { model: comparison.kind, version: comparison.version, f1: before };
    const required: Record<SentimentLabel, number> = {
      positive: model.positiveF1Increase,
      neutral: model.neutralF1Increase,
      negative: model.negativeF1Increase,
    };
    const short = SENTIMENT_LABELS.filter((label) => after[label] + 1e-9 < before[label] + required[label]);
    accepted = short.length === 0;
    if (!accepted) {
      rejectedReason = short
        .map(
          (label) =>
            `${label} F1 ${after[label].toFixed(3)} < ${before[label].toFixed(3)} + ${required[label]}` +
            ` (${comparison.kind} version ${comparison.version})`,
        )
        .join('; ');
    }
  }
  const stored: StoredReport = {
    evaluation: golden.length > 0 ? 'golden' : 'held-out',
    evaluationCount: split.evaluation.length,
    classes: report.classes,
    macroF1: report.macroF1,
    microF1: report.microF1,
    accuracy: report.accuracy,
    confusion: report.confusion,
    comparedWith,
  };

  const v = aiSentimentModelVersions;
  const version = await db.transaction(async (tx) => {
    // The model row's lock orders two trainings of one model, so version numbers never collide.
    await tx
      .select({ id: aiSentimentModels.id })
      .from(aiSentimentModels)
      .where(eq(aiSentimentModels.id, model.id))
      .for('update');
    const [{ top } = { top: 0 }] = await tx
      .select({ top: max(v.version) })
      .from(v)
      .where(eq(v.modelId, model.id));
    const next = Number(top ?? 0) + 1;
    const [row] = await tx
      .insert(v)
      .values({
        tenantId,
        modelId: model.id,
        version: next,
        model: JSON.stringify(trained),
        report: stored,
        labelCount: split.training.length,
        accepted,
        rejectedReason,
        trainingMs,
      })
      .returning({ id: v.id });
    const hasCurrent = accepted || model.currentVersionId !== null;
    await tx
      .update(aiSentimentModels)
      .set({
        ...(accepted ? { currentVersionId: row!.id } : {}),
        status: hasCurrent ? 'Ready' : 'Failed',
        trainingError: hasCurrent ? null : `Version ${next} was not accepted: ${rejectedReason}`,
        updatedAt: new Date(),
      })
      .where(eq(aiSentimentModels.id, model.id));
    return next;
  });
  const message = accepted
    ? `Version ${version} trained on ${split.training.length} labels and accepted (macro-F1 ${report.macroF1.toFixed(3)}).`
    : `Version ${version} trained on ${split.training.length} labels and not accepted: ${rejectedReason}`;
  return { version, accepted, report: stored, message, labelCount: split.training.length };
}

/** The job: trains the model and, for a scheduled run, logs the experiment and finishes the run. */
export async function runTrainJob(
  db: Db,
  job: TrainJob,
  logger: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const m = aiSentimentModels;
  const [model] = await db
    .select()
    .from(m)
    .where(and(eq(m.tenantId, job.tenantId), eq(m.id, job.modelId)));
  const finishRun = async (status: 'Succeeded' | 'Failed', message: string, processed: number) => {
    if (job.runId === undefined) return;
    await db
      .update(aiJobRuns)
      .set({ status, message: message.slice(0, 2_000), processedCount: processed, finishedAt: new Date() })
      .where(and(eq(aiJobRuns.tenantId, job.tenantId), eq(aiJobRuns.id, job.runId)));
  };
  const logExperiment = async (values: {
    version: number | null;
    report: StoredReport | null;
    accepted: boolean;
    message: string;
  }) => {
    if (job.runId === undefined) return;
    await db.insert(aiExperimentLogs).values({
      tenantId: job.tenantId,
      runId: job.runId,
      modelKind: 'sentiment',
      modelId: job.modelId,
      ...values,
    });
  };
  if (!model) {
    await finishRun('Failed', 'The sentiment model no longer exists.', 0);
    return;
  }
  await db.update(m).set({ status: 'Training', trainingError: null }).where(eq(m.id, model.id));
  try {
    const result = await trainVersion(db, model, job.fromScratch);
    await logExperiment({
      version: result.version,
      report: result.report,
      accepted: result.accepted,
      message: result.message,
    });
    await finishRun('Succeeded', result.message, result.labelCount);
  } catch (error) {
    const message =
      error instanceof TrainingRefused
        ? error.message
        : `Training failed: ${(error as Error).message ?? error}`;
    if (!(error instanceof TrainingRefused))
      logger.error({ err: error, modelId: model.id }, 'sentiment training failed');
    await db
      .update(m)
      .set({ status: 'Failed', trainingError: message.slice(0, 500), updatedAt: new Date() })
      .where(eq(m.id, model.id));
    await logExperiment({ version: null, report: null, accepted: false, message });
    await finishRun('Failed', message, 0);
  }
}
