import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import {
  aiAnnotationWorkInstances,
  aiAnnotationWorks,
  aiDatasetInstances,
  aiDatasets,
  aiSentimentModels,
  answers,
  sessions,
  textAnalyses,
} from '../db/schema/index.js';
import { runTrainJob } from '../modules/ai-sentiment-models/training.js';
import { Prng } from './prng.js';
import { phraseSideOf, splitPhrases, type PhraseSide } from './sentiment-phrase-split.js';

/*
 * The demo's sentiment models (issue 21 item 8, docs/ai-sentiment-models.md § Demo): per language a dataset of
 * demo comments, a "Demo sentiment labels" annotation work whose gold labels are the generator's own sentiment
 * of each comment (the sentiment its phrase bank wrote, the honest gold for generated text) and a "Demo sentiment
 * golden set" built from DIFFERENT phrases (held out by phrase as `npm run bench:sentiment` does, so the golden
 * F1 is not memory), then a model trained on them. Written straight into the tables (the annotation works'
 * routes are another slice); names start with "Demo sentiment" so the annotation demo's works never collide.
 */

const LANGUAGES = ['tr', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const LABELS: Record<number, string> = { 4: 'positive', 2: 'neutral', 0: 'negative' };
/** Comments read per language; a work keeps at most this many labels of its side. */
const READ_LIMIT = 12_000;
const WORK_LIMIT = 3_000;
const SPLIT_SEED = 7;
/** A training failure of the demo is recorded on its model (Failed, training_error); the console says so too. */
const DEMO_LOGGER = {
  error: (context: object, message: string) => console.error(message, context),
} as Pick<FastifyBaseLogger, 'error'>;

export type LabelledAnswer = { answerId: number; sessionId: number; text: string; label: string | null };

/**
 * A Ready dataset holding `items` and a Ready sentiment (type 0) annotation work over them whose gold labels are
 * the items' labels (null: not agreed yet). Answers the work's id. The demo and the API tests plant works so.
 */
export async function insertLabelledWork(
  db: Db,
  work: { tenantId: number; name: string; language: Language; surveyIds: number[]; items: LabelledAnswer[] },
): Promise<{ datasetId: number; workId: number }> {
  const { tenantId, language, items } = work;
  return db.transaction(async (tx) => {
    const [dataset] = await tx
      .insert(aiDatasets)
      .values({
        tenantId,
        name: `${work.name} (dataset)`,
        language,
        surveyIds: work.surveyIds,
        questionIds: [],
        sources: [],
        status: 'Ready',
        instanceCount: items.length,
        builtAt: new Date(),
      })
      .returning({ id: aiDatasets.id });
    const datasetId = dataset!.id;
    const [created] = await tx
      .insert(aiAnnotationWorks)
      .values({
        tenantId,
        name: work.name,
        annotationType: 0,
        datasetId,
        targetCount: items.length,
        agreementLevel: 1,
        status: 'Ready',
        instanceCount: items.length,
      })
      .returning({ id: aiAnnotationWorks.id });
    const workId = created!.id;
    const now = new Date();
    for (let start = 0; start < items.length; start += 1_000) {
      const slice = items.slice(start, start + 1_000);
      await tx.insert(aiDatasetInstances).values(
        slice.map((item) => ({
          datasetId,
          tenantId,
          answerId: item.answerId,
          sessionId: item.sessionId,
          text: item.text,
          language,
        })),
      );
      await tx.insert(aiAnnotationWorkInstances).values(
        slice.map((item, i) => ({
          workId,
          tenantId,
          answerId: item.answerId,
          position: start + i + 1,
          text: item.text,
          language,
          goldLabels: item.label === null ? null : [item.label],
          goldAt: item.label === null ? null : now,
        })),
      );
    }
    return { datasetId, workId };
  });
}

/** The demo comments of a language with the generator's sentiment, on each side of the phrase split. */
async function demoLabels(db: Db, tenantId: number, language: Language, sides: Map<string, PhraseSide>) {
  const rows = await db
    .select({
      answerId: answers.id,
      sessionId: answers.sessionId,
      text: answers.text,
      sentiment: textAnalyses.sentimentScore,
      surveyId: sessions.surveyId,
    })
    .from(textAnalyses)
    .innerJoin(answers, eq(answers.id, textAnalyses.answerId))
    .innerJoin(sessions, eq(sessions.id, answers.sessionId))
    .where(
      and(
        eq(textAnalyses.tenantId, tenantId),
        eq(textAnalyses.language, language),
        inArray(textAnalyses.sentimentScore, [0, 2, 4]),
      ),
    )
    .limit(READ_LIMIT);
  const by: Record<PhraseSide, LabelledAnswer[]> = { train: [], heldOut: [] };
  const surveyIds = new Set<number>();
  for (const row of rows) {
    const text = row.text ?? '';
    const side = phraseSideOf(text, sides);
    if (!side || by[side].length >= WORK_LIMIT) continue;
    by[side].push({
      answerId: row.answerId,
      sessionId: row.sessionId,
      text,
      label: LABELS[row.sentiment] ?? null,
    });
    surveyIds.add(row.surveyId);
  }
  return { ...by, surveyIds: [...surveyIds] };
}

/**
 * The Turkish and English demo sentiment models, trained on the spot (about a second each), once per tenant: a
 * language whose model exists, or that has too few demo comments, is left alone.
 */
export async function ensureDemoSentimentModels(db: Db, tenantId: number): Promise<void> {
  const sides = splitPhrases(new Prng(SPLIT_SEED));
  for (const language of LANGUAGES) {
    const upper = language.toUpperCase();
    const name = `Demo sentiment model ${upper}`;
    const [existing] = await db
      .select({ id: aiSentimentModels.id })
      .from(aiSentimentModels)
      .where(
        and(eq(aiSentimentModels.tenantId, tenantId), sql`lower(${aiSentimentModels.name}) = lower(${name})`),
      );
    if (existing) continue;
    const labels = await demoLabels(db, tenantId, language, sides[language]);
    if (labels.train.length < 50 || labels.heldOut.length < 20) continue;
    const training = await insertLabelledWork(db, {
      tenantId,
      name: `Demo sentiment labels ${upper}`,
      language,
      surveyIds: labels.surveyIds,
      items: labels.train,
    });
    const golden = await insertLabelledWork(db, {
      tenantId,
      name: `Demo sentiment golden set ${upper}`,
      language,
      surveyIds: labels.surveyIds,
      items: labels.heldOut,
    });
    const [model] = await db
      .insert(aiSentimentModels)
      .values({
        tenantId,
        name,
        language,
        annotationWorkId: training.workId,
        goldenAnnotationWorkId: golden.workId,
        minLabels: 50,
        learningRate: 0.5,
        epochSize: 30,
        trainAll: true,
        status: 'Training',
      })
      .returning({ id: aiSentimentModels.id });
    await runTrainJob(db, { tenantId, modelId: model!.id, fromScratch: true }, DEMO_LOGGER);
  }
}
