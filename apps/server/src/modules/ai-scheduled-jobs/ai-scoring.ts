import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { guessLanguage, type StemmedLanguage } from '../../analytics/text-terms.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';
import {
  aiJobRuns,
  aiScheduledJobs,
  aiScoringLogs,
  aiSentimentModels,
  aiSentimentModelVersions,
  topicModels,
  topics,
} from '../../db/schema/index.js';
import { parseSentimentModel, sentimentScorer } from '../../text-models/sentiment-classifier.js';
import { topicScorer } from '../../text-models/topic-scorer.js';
import { evaluateAlertRulesOnTextAnalysis } from '../alert-rules/index.js';
import { emitCommentsScored } from '../integrations/index.js';
import { finishRun, sourceOf, writeAiLog, type ScoringJob } from './ai-job-runs.js';
import { readAiSystemConfigurations } from './ai-system-configurations.js';

/*
 * The scoring worker (docs/ai-scheduled-jobs.md, "Scoring"): scores the tenant's open-ended answers past the job's
 * cursor (or all of them, from scratch) in batches, each batch in one transaction: text_analyses (sentiment,
 * language), text_topics of the job's topic model, one ai_scoring_logs row per model, the cursor, and the alert
 * rules with text conditions. The tables' triggers feed the analytics change sequence, so widgets follow.
 */

type Sentiment = { language: StemmedLanguage; predict(text: string): { SentimentScore: number } };
type Topics = {
  modelId: number;
  language: string;
  isEmotion: boolean;
  score(text: string): { topicId: number; score: number }[];
};
type Models = { sentiment: Sentiment | null; topics: Topics | null };

type AnswerRow = {
  id: number;
  session_id: number;
  text: string;
  analysed_language: string | null;
  analysed_score: number | null;
  invitee_language: string | null;
};

/** A language code's base ('tr-TR' → 'tr'), lower-cased; null for none. */
const baseLanguage = (code: string | null) => code?.trim().toLowerCase().split(/[-_]/)[0] || null;

/** The answer's language: its analysis's, else its invitee's, else a guess from its text, else the default. */
const languageOf = (row: AnswerRow, fallback: string) =>
  baseLanguage(row.analysed_language) ??
  baseLanguage(row.invitee_language) ??
  guessLanguage(row.text) ??
  fallback;

/** The sentiment model's current version, or null (logged) when the model has none yet. */
async function loadSentiment(
  db: Db,
  job: ScoringJob,
  modelId: number,
  source: string,
): Promise<Sentiment | null> {
  const [row] = await db
    .select({ model: aiSentimentModelVersions.model })
    .from(aiSentimentModels)
    .leftJoin(aiSentimentModelVersions, eq(aiSentimentModelVersions.id, aiSentimentModels.currentVersionId))
    .where(and(eq(aiSentimentModels.tenantId, job.tenantId), eq(aiSentimentModels.id, modelId)));
  if (!row?.model) {
    await writeAiLog(db, {
      tenantId: job.tenantId,
      level: 'WARNING',
      source,
      message: `run ${job.runId}: sentiment model ${modelId} has no trained version; sentiment skipped`,
    });
    return null;
  }
  const model = parseSentimentModel(row.model);
  const scorer = sentimentScorer(model);
  return { language: model.language, predict: (text) => scorer.predict(text) };
}

async function loadTopics(db: Db, tenantId: number, modelId: number): Promise<Topics | null> {
  const [model] = await db
    .select({ language: topicModels.language, isEmotion: topicModels.isEmotionModel })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.id, modelId)));
  if (!model) return null;
  const rules = await db
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
    .where(eq(topics.modelId, modelId));
  const language = baseLanguage(model.language) === 'en' ? 'en' : 'tr';
  const scorer = topicScorer(rules, language);
  return { modelId, language, isEmotion: model.isEmotion, score: (text) => scorer.score(text) };
}

async function answersAfter(db: Executor, tenantId: number, cursor: number, limit: number) {
  return rowsOf<AnswerRow>(
    db,
    sql`SELECT a.id, a.session_id, a.text, ta.language AS analysed_language,
          ta.sentiment_score AS analysed_score, iv.language AS invitee_language
        FROM answers a
        JOIN questions q ON q.id = a.question_id AND q.type = 'OETX'
        JOIN sessions s ON s.id = a.session_id
        LEFT JOIN invitees iv ON iv.id = s.invitee_id
        LEFT JOIN text_analyses ta ON ta.answer_id = a.id
        WHERE a.tenant_id = ${tenantId} AND a.id > ${cursor} AND a.text IS NOT NULL AND btrim(a.text) <> ''
        ORDER BY a.id
        LIMIT ${limit}`,
  );
}

const bigints = (values: number[]) => sql`${sql.param(values)}::bigint[]`;

/** One batch scored in memory: the rows to write, as the statements' arrays. */
type ScoredBatch = ReturnType<typeof scoreBatch>;

/** Scores a batch's comments (plain computation, no database). */
function scoreBatch(
  rows: AnswerRow[],
  models: Models,
  settings: { minimumLength: number; defaultLanguage: string },
) {
  const scored = {
    ids: [] as number[],
    sessions: [] as number[],
    languages: [] as string[],
    scores: [] as number[],
  };
  const unscored = { ids: [] as number[], sessions: [] as number[], languages: [] as string[] };
  const topicAnswers: number[] = [];
  const hits = { answers: [] as number[], sessions: [] as number[], topics: [] as number[] };
  const hitScores = { sentiments: [] as number[], intensities: [] as (number | null)[] };
  for (const row of rows) {
    const id = Number(row.id);
    const sessionId = Number(row.session_id);
    if (row.text.trim().length < settings.minimumLength) continue;
    const language = languageOf(row, settings.defaultLanguage);
    let sentiment = row.analysed_score === null ? -1 : Number(row.analysed_score);
    if (models.sentiment && models.sentiment.language === language) {
      sentiment = models.sentiment.predict(row.text).SentimentScore;
      scored.ids.push(id);
      scored.sessions.push(sessionId);
      scored.languages.push(language);
      scored.scores.push(sentiment);
    } else {
      unscored.ids.push(id);
      unscored.sessions.push(sessionId);
      unscored.languages.push(language);
    }
    if (models.topics && models.topics.language === language) {
      topicAnswers.push(id);
      for (const hit of models.topics.score(row.text)) {
        hits.answers.push(id);
        hits.sessions.push(sessionId);
        hits.topics.push(hit.topicId);
        hitScores.sentiments.push(sentiment);
        hitScores.intensities.push(models.topics.isEmotion ? hit.score : null);
      }
    }
  }
  return { scored, unscored, topicAnswers, hits, hitScores };
}

/** Writes one scored batch's analyses and topics and evaluates the alert rules on its sessions. */
async function writeBatch(
  tx: Executor,
  tenantId: number,
  models: Models,
  { scored, unscored, topicAnswers, hits, hitScores }: ScoredBatch,
): Promise<void> {
  if (scored.ids.length > 0)
    await tx.execute(sql`
      INSERT INTO text_analyses (answer_id, tenant_id, session_id, language, sentiment_score, analysed_at)
      SELECT u.answer_id, ${tenantId}::integer, u.session_id, u.language, u.score, now()
      FROM unnest(${bigints(scored.ids)}, ${bigints(scored.sessions)}, ${sql.param(scored.languages)}::text[],
        ${sql.param(scored.scores)}::smallint[]) AS u(answer_id, session_id, language, score)
      ON CONFLICT (answer_id) DO UPDATE SET language = excluded.language,
        sentiment_score = excluded.sentiment_score, analysed_at = excluded.analysed_at`);
  // Answers the sentiment model cannot read keep the score they have; a new one is unclassified (-1).
  if (unscored.ids.length > 0)
    await tx.execute(sql`
      INSERT INTO text_analyses (answer_id, tenant_id, session_id, language, sentiment_score, analysed_at)
      SELECT u.answer_id, ${tenantId}::integer, u.session_id, u.language, -1, now()
      FROM unnest(${bigints(unscored.ids)}, ${bigints(unscored.sessions)},
        ${sql.param(unscored.languages)}::text[]) AS u(answer_id, session_id, language)
      ON CONFLICT (answer_id) DO UPDATE SET language = excluded.language, analysed_at = excluded.analysed_at`);
  if (models.topics && topicAnswers.length > 0) {
    await tx.execute(sql`DELETE FROM text_topics
      WHERE model_id = ${models.topics.modelId} AND answer_id = ANY(${bigints(topicAnswers)})`);
    if (hits.answers.length > 0)
      await tx.execute(sql`
        INSERT INTO text_topics (tenant_id, answer_id, session_id, topic_id, model_id, sentiment_score, intensity)
        SELECT ${tenantId}::integer, u.answer_id, u.session_id, u.topic_id, ${models.topics.modelId}::integer,
          u.sentiment, u.intensity
        FROM unnest(${bigints(hits.answers)}, ${bigints(hits.sessions)}, ${sql.param(hits.topics)}::integer[],
          ${sql.param(hitScores.sentiments)}::smallint[], ${sql.param(hitScores.intensities)}::double precision[])
          AS u(answer_id, session_id, topic_id, sentiment, intensity)
        ON CONFLICT (answer_id, topic_id) DO UPDATE SET sentiment_score = excluded.sentiment_score,
          intensity = excluded.intensity, model_id = excluded.model_id`);
  }
  // The scored comments' integration event (docs/integrations.md), in the batch's transaction.
  await emitCommentsScored(tx, tenantId, scored.ids.map(Number));
  const sessions = [...new Set([...scored.sessions, ...hits.sessions])];
  await evaluateAlertRulesOnTextAnalysis(tx, { tenantId, sessionIds: sessions, now: new Date() });
}

/** Scores what the run's job names; answers how many answers it went through. */
export async function scoreRun(db: Db, job: ScoringJob, source: string): Promise<{ processed: number }> {
  const [row] = await db
    .select()
    .from(aiScheduledJobs)
    .where(and(eq(aiScheduledJobs.tenantId, job.tenantId), eq(aiScheduledJobs.id, job.jobId)));
  if (!row) throw new Error('the job is gone');
  const settings = await readAiSystemConfigurations(db, job.tenantId);
  const models: Models = {
    sentiment:
      row.sentimentModelId === null ? null : await loadSentiment(db, job, row.sentimentModelId, source),
    topics: row.topicModelId === null ? null : await loadTopics(db, job.tenantId, row.topicModelId),
  };
  const settingsOfBatch = {
    minimumLength: settings.MinimumCommentLength,
    defaultLanguage: settings.DefaultLanguage,
  };
  let cursor = row.isFromScratch ? 0 : Number(row.scoredThroughAnswerId);
  let processed = 0;
  // A pipeline: while one batch's transaction runs in the database, the next batch is read and scored here. The
  // writes stay in order (each waits for the one before), so the cursor only ever moves past written batches.
  let writing: Promise<void> = Promise.resolve();
  let batch = await answersAfter(db, job.tenantId, cursor, settings.ScoringBatchSize);
  while (batch.length > 0) {
    const started = performance.now();
    const scored = scoreBatch(batch, models, settingsOfBatch);
    const scoringMs = performance.now() - started;
    const from = Number(batch[0]!.id);
    const to = Number(batch.at(-1)!.id);
    const size = batch.length;
    await writing;
    writing = db.transaction(async (tx) => {
      const writeStarted = performance.now();
      await writeBatch(tx, job.tenantId, models, scored);
      const durationMs = Math.round(scoringMs + performance.now() - writeStarted);
      const logs = [
        ...(models.sentiment && row.sentimentModelId !== null
          ? [{ modelKind: 'sentiment', modelId: row.sentimentModelId, scoredCount: scored.scored.ids.length }]
          : []),
        ...(models.topics
          ? [{ modelKind: 'topic', modelId: models.topics.modelId, scoredCount: scored.topicAnswers.length }]
          : []),
      ];
      if (logs.length > 0)
        await tx.insert(aiScoringLogs).values(
          logs.map((log) => ({
            ...log,
            tenantId: job.tenantId,
            runId: job.runId,
            fromAnswerId: from,
            toAnswerId: to,
            durationMs,
          })),
        );
      await tx
        .update(aiScheduledJobs)
        .set({ scoredThroughAnswerId: sql`greatest(${aiScheduledJobs.scoredThroughAnswerId}, ${to})` })
        .where(eq(aiScheduledJobs.id, job.jobId));
      await tx
        .update(aiJobRuns)
        .set({ processedCount: sql`${aiJobRuns.processedCount} + ${size}` })
        .where(eq(aiJobRuns.id, job.runId));
    });
    // Awaited before the next write or at the end; until then a failure must not count as unhandled.
    writing.catch(() => {});
    processed += size;
    cursor = to;
    batch = await answersAfter(db, job.tenantId, cursor, settings.ScoringBatchSize);
  }
  await writing;
  return { processed };
}

/** The `ai-scoring` queue's handler: scores, then finishes the run (Failed with the error on a failure). */
export async function workScoringJob(db: Db, job: ScoringJob, logger: FastifyBaseLogger): Promise<void> {
  const [named] = await db
    .select({ name: aiScheduledJobs.name })
    .from(aiScheduledJobs)
    .where(eq(aiScheduledJobs.id, job.jobId));
  const source = sourceOf({ id: job.jobId, name: named?.name ?? '' });
  const run = { tenantId: job.tenantId, runId: job.runId, source };
  try {
    const { processed } = await scoreRun(db, job, source);
    await finishRun(db, run, { failed: false, message: `${processed} comments scored` });
  } catch (error) {
    logger.error({ err: error, runId: job.runId }, 'ai scoring run failed');
    await finishRun(db, run, {
      failed: true,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
