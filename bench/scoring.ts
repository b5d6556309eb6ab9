// Scoring throughput (issue 21 target: ≥ 2,000 comments/s, docs/ai-scheduled-jobs.md § Throughput): the real scoring
// worker (modules/ai-scheduled-jobs/ai-scoring.ts) scores every demo comment from scratch — sentiment by a model
// trained on the demo's own labels, topics by the demo topic model with seed words — writing text_analyses,
// text_topics, the scoring logs and the alert evaluation, batch by batch as in production.
//
//   npm run bench:scoring
//   node --conditions=source --import tsx bench/scoring.ts [--responses 20000] [--runs 3]
//     [--engine postgres|pglite] [--server postgres://postgres@127.0.0.1:5432/test]
//
// A benchmark never fails a build: problems are printed and the process still exits 0.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rows-of.js';
import {
  aiJobRuns,
  aiScheduledJobs,
  aiSentimentModels,
  aiSentimentModelVersions,
  topics,
} from '../apps/server/src/db/schema/index.js';
import { loadDemoData } from '../apps/server/src/demo/demo-data.js';
import { ensureConsoleClient, seedDemoIdentity } from '../apps/server/src/demo/seed-identity.js';
import { scoreRun } from '../apps/server/src/modules/ai-scheduled-jobs/ai-scoring.js';
import { createScratchDatabase } from '../apps/server/src/test/test-app.js';
import {
  SENTIMENT_LABELS,
  trainSentimentModel,
  type LabelledText,
} from '../apps/server/src/text-models/sentiment-classifier.js';
import { table, writeJson } from './stats.js';

const TARGET_PER_SECOND = 2_000;
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const { values: args } = parseArgs({
  options: {
    responses: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    engine: { type: 'string', default: 'postgres' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const RESPONSES = Number(args.responses);
const RUNS = Number(args.runs);
const ENGINE = args.engine === 'pglite' ? 'pglite' : 'postgres';

/** A Turkish sentiment model trained on the demo's own labelled Turkish comments (the generator's sentiment). */
async function trainModel(database: DatabaseHandle, tenantId: number): Promise<number> {
  const rows = await rowsOf<{ text: string; score: number }>(
    database.db,
    sql`SELECT a.text, ta.sentiment_score AS score FROM answers a JOIN text_analyses ta ON ta.answer_id = a.id
        WHERE a.tenant_id = ${tenantId} AND ta.language = 'tr' AND ta.sentiment_score IN (0, 2, 4)
        ORDER BY a.id LIMIT 5000`,
  );
  const labelled: LabelledText[] = rows.map((row) => ({
    text: row.text,
    label: SENTIMENT_LABELS[Number(row.score) / 2]!,
  }));
  const model = trainSentimentModel(labelled, { language: 'tr' });
  const { db } = database;
  const [created] = await db
    .insert(aiSentimentModels)
    .values({ tenantId, name: 'Bench TR', language: 'tr', status: 'Ready' })
    .returning({ id: aiSentimentModels.id });
  const [version] = await db
    .insert(aiSentimentModelVersions)
    .values({
      tenantId,
      modelId: created!.id,
      version: 1,
      model: JSON.stringify(model),
      report: {},
      labelCount: labelled.length,
      accepted: true,
      trainingMs: 0,
    })
    .returning({ id: aiSentimentModelVersions.id });
  await db
    .update(aiSentimentModels)
    .set({ currentVersionId: version!.id })
    .where(eq(aiSentimentModels.id, created!.id));
  return created!.id;
}

/** The demo's Turkish topic model with each topic's own name as its seed word. */
async function topicModelOf(database: DatabaseHandle, tenantId: number): Promise<number> {
  const [model] = await rowsOf<{ id: number }>(
    database.db,
    sql`SELECT id FROM topic_models WHERE tenant_id = ${tenantId} AND NOT is_emotion_model AND language = 'tr'
        ORDER BY id LIMIT 1`,
  );
  await database.db
    .update(topics)
    .set({ positiveSeedWords: sql`ARRAY[lower(${topics.name})]`, threshold: 0.5 })
    .where(eq(topics.modelId, model!.id));
  return model!.id;
}

async function main(): Promise<void> {
  const scratch = ENGINE === 'postgres' ? await createScratchDatabase(args.server) : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: undefined });
  try {
    await database.migrate();
    await ensureConsoleClient(database.db);
    const { tenantId } = await seedDemoIdentity(database.db);
    console.log(`loading ${RESPONSES} demo responses on ${ENGINE}…`);
    await loadDemoData(database, { tenantId, responses: RESPONSES });
    const sentimentModelId = await trainModel(database, tenantId);
    const topicModelId = await topicModelOf(database, tenantId);
    const [job] = await database.db
      .insert(aiScheduledJobs)
      .values({
        tenantId,
        name: 'Bench scoring',
        jobType: 'scoring',
        sentimentModelId,
        topicModelId,
        isFromScratch: true,
        cronText: '* * * * *',
        status: 'Paused',
      })
      .returning({ id: aiScheduledJobs.id });
    const results: { run: number; comments: number; seconds: number; perSecond: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const [created] = await database.db
        .insert(aiJobRuns)
        .values({ tenantId, jobId: job!.id, trigger: 'manual' })
        .returning({ id: aiJobRuns.id });
      const started = performance.now();
      const { processed } = await scoreRun(
        database.db,
        { tenantId, jobId: job!.id, runId: Number(created!.id) },
        'bench',
      );
      const seconds = (performance.now() - started) / 1000;
      results.push({ run, comments: processed, seconds, perSecond: processed / seconds });
    }
    console.log(
      table(
        ['run', 'comments', 'seconds', 'comments/s'],
        results.map((r) => [r.run, r.comments, r.seconds.toFixed(2), Math.round(r.perSecond)]),
      ),
    );
    const best = Math.max(...results.map((r) => r.perSecond));
    const median = results.map((r) => r.perSecond).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
    console.log(
      `median ${Math.round(median)} comments/s, best ${Math.round(best)}; target ${TARGET_PER_SECOND}: ratio ${(median / TARGET_PER_SECOND).toFixed(2)} (${median >= TARGET_PER_SECOND ? 'met' : 'NOT met'})`,
    );
    await writeJson(path.join(RESULTS_DIR, `scoring-${new Date().toISOString().slice(0, 10)}.json`), {
      engine: ENGINE,
      responses: RESPONSES,
      cpus: os.cpus().length,
      results,
      medianPerSecond: median,
      target: TARGET_PER_SECOND,
    });
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error('bench:scoring failed:', error);
});
