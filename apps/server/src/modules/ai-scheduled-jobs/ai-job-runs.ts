import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';
import { aiDatasets, aiJobRuns, aiLogs, aiScheduledJobs } from '../../db/schema/index.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { Schedule } from '../../jobs/scheduler.js';
import { nextRunOf } from './job-dates.js';

/*
 * Runs of the scheduled text-analytics jobs (docs/ai-scheduled-jobs.md, "Timing"). A minute tick (a scheduler
 * schedule: one pg-boss singleton job per minute across nodes) claims each Active job whose next time has come by
 * a compare-and-set on its `next_run_at`, and in the same transaction creates its run and queues the run's work, so
 * a job's time is worked exactly once whichever nodes tick. A run (cron or manual) then goes to the scoring worker,
 * to a training worker (which finishes the run itself) or to the dataset build (finished here, on a later tick).
 */

const TICK_QUEUE = 'ai-scheduled-jobs';
export const SCORING_QUEUE = 'ai-scoring';
const SENTIMENT_TRAIN_QUEUE = 'ai-sentiment-train';
const TOPIC_TRAIN_QUEUE = 'ai-topic-train';
const DATASET_BUILD_QUEUE = 'ai-dataset-build';

const TICK_SETTINGS: QueueSettings = { retryLimit: 1, retryDelaySeconds: 10, expireInSeconds: 300 };
/** Jobs claimed per tick at most; the rest are claimed on the next one. */
const DUE_PER_TICK = 200;
/** A run nobody finished in this long (a training worker that died, a lost job) is failed by the tick. */
const STALE_RUN_HOURS = 6;

/** The scoring worker's job. */
export type ScoringJob = { tenantId: number; jobId: number; runId: number };

type JobRow = typeof aiScheduledJobs.$inferSelect;
type LogLevel = 'INFO' | 'WARNING' | 'ERROR';

/** One ai_logs row (the AI logs screen). */
export async function writeAiLog(
  db: Executor,
  entry: { tenantId: number; level: LogLevel; source: string; message: string },
): Promise<void> {
  await db.insert(aiLogs).values({ ...entry, message: entry.message.slice(0, 2_000) });
}

/** The `source` of a job's ai_logs rows. */
export const sourceOf = (job: Pick<JobRow, 'id' | 'name'>) => `job ${job.id} ${job.name}`.slice(0, 200);

/** Ends a run (Succeeded or Failed) with its message, and logs it. */
export async function finishRun(
  db: Executor,
  run: { tenantId: number; runId: number; source: string },
  outcome: { failed: boolean; message: string; processedCount?: number },
): Promise<void> {
  await db
    .update(aiJobRuns)
    .set({
      status: outcome.failed ? 'Failed' : 'Succeeded',
      message: outcome.message.slice(0, 2_000),
      finishedAt: new Date(),
      ...(outcome.processedCount === undefined ? {} : { processedCount: outcome.processedCount }),
    })
    .where(and(eq(aiJobRuns.id, run.runId), eq(aiJobRuns.status, 'Running')));
  await writeAiLog(db, {
    tenantId: run.tenantId,
    level: outcome.failed ? 'ERROR' : 'INFO',
    source: run.source,
    message: `run ${run.runId} ${outcome.failed ? 'failed' : 'finished'}: ${outcome.message}`,
  });
}

async function queueExists(tx: Executor, name: string): Promise<boolean> {
  const rows = await rowsOf<{ found: number }>(
    tx,
    sql`SELECT 1 AS found FROM pgboss.queue WHERE name = ${name}`,
  );
  return rows.length > 0;
}

/**
 * Queues the run's work in `tx`. Answers the queue to wake after the commit, or a message when the run ends here
 * (a training queue no worker has created: the job would be dropped).
 */
async function dispatch(
  tx: Executor,
  jobs: JobQueue,
  job: JobRow,
  runId: number,
): Promise<{ queue: string } | { failed: string }> {
  const tenantId = job.tenantId;
  switch (job.jobType) {
    case 'scoring': {
      const data: ScoringJob = { tenantId, jobId: job.id, runId };
      await jobs.send(SCORING_QUEUE, data, { within: tx });
      return { queue: SCORING_QUEUE };
    }
    case 'training': {
      const [queue, data] =
        job.sentimentModelId !== null
          ? [
              SENTIMENT_TRAIN_QUEUE,
              { tenantId, modelId: job.sentimentModelId, fromScratch: job.isFromScratch, runId },
            ]
          : [TOPIC_TRAIN_QUEUE, { tenantId, modelId: job.topicModelId, runId }];
      if (!(await queueExists(tx, queue))) return { failed: `no worker has created the queue ${queue}` };
      await jobs.send(queue, data, { within: tx });
      return { queue };
    }
    case 'dataset': {
      // The dataset's own build (modules/text-analytics-data): a new generation, unless one is being built.
      const [row] = await tx
        .update(aiDatasets)
        .set({ status: 'Processing', generation: sql`${aiDatasets.generation} + 1`, buildError: null })
        .where(
          and(
            eq(aiDatasets.tenantId, tenantId),
            eq(aiDatasets.id, job.datasetId ?? 0),
            sql`${aiDatasets.status} <> 'Processing'`,
          ),
        )
        .returning({ generation: aiDatasets.generation });
      if (row)
        await jobs.send(
          DATASET_BUILD_QUEUE,
          { tenantId, id: job.datasetId, generation: row.generation },
          { within: tx },
        );
      return { queue: DATASET_BUILD_QUEUE };
    }
    default:
      return { failed: `unknown job type ${job.jobType}` };
  }
}

/**
 * Starts a run of `job` in `tx` (its row already claimed or checked): the ai_job_runs row, the log entry and the
 * queued work. Answers the run's id and the queue to wake once `tx` commits.
 */
export async function startRun(
  tx: Executor,
  jobs: JobQueue,
  job: JobRow,
  trigger: 'cron' | 'manual',
): Promise<{ runId: number; wake: string | null }> {
  const [run] = await tx
    .insert(aiJobRuns)
    .values({ tenantId: job.tenantId, jobId: job.id, trigger })
    .returning({ id: aiJobRuns.id });
  const runId = Number(run!.id);
  const source = sourceOf(job);
  await writeAiLog(tx, {
    tenantId: job.tenantId,
    level: 'INFO',
    source,
    message: `run ${runId} started (${trigger}, ${job.jobType})`,
  });
  const outcome = await dispatch(tx, jobs, job, runId);
  if ('failed' in outcome) {
    await finishRun(tx, { tenantId: job.tenantId, runId, source }, { failed: true, message: outcome.failed });
    return { runId, wake: null };
  }
  return { runId, wake: outcome.queue };
}

/** Whether the job has a run in progress. */
export async function isRunning(db: Executor, jobId: number): Promise<boolean> {
  const rows = await db
    .select({ id: aiJobRuns.id })
    .from(aiJobRuns)
    .where(and(eq(aiJobRuns.jobId, jobId), eq(aiJobRuns.status, 'Running')))
    .limit(1);
  return rows.length > 0;
}

/** Claims one due job (compare-and-set on its next time) and starts its run; false when another tick had it. */
async function claimAndRun(db: Db, jobs: JobQueue, due: JobRow, now: Date, logger: FastifyBaseLogger) {
  const wake = await db.transaction(async (tx) => {
    const next = due.isRecurrent ? nextRunOf(due.cronText ?? '', now) : null;
    const [claimed] = await tx
      .update(aiScheduledJobs)
      .set({
        nextRunAt: next,
        lastRunAt: now,
        status: due.isRecurrent ? due.status : 'Completed',
        updatedAt: now,
      })
      .where(
        and(
          eq(aiScheduledJobs.id, due.id),
          eq(aiScheduledJobs.status, 'Active'),
          eq(aiScheduledJobs.nextRunAt, due.nextRunAt!),
        ),
      )
      .returning();
    if (!claimed) return null;
    // Runs never overlap: a time that comes while the last run works is skipped (and logged).
    if (await isRunning(tx, due.id)) {
      await writeAiLog(tx, {
        tenantId: due.tenantId,
        level: 'WARNING',
        source: sourceOf(due),
        message: 'skipped its time: the previous run is still running',
      });
      return null;
    }
    return (await startRun(tx, jobs, claimed, 'cron')).wake;
  });
  if (wake) jobs.wake(wake);
  logger.debug({ jobId: due.id }, 'ai scheduled job claimed');
}

/** Finishes the dataset runs whose build has ended, and fails runs nobody finished for too long. */
async function settleRuns(db: Db): Promise<void> {
  const open = await rowsOf<{
    run_id: number;
    tenant_id: number;
    job_id: number;
    name: string;
    dataset_status: string | null;
    instance_count: number | null;
    build_error: string | null;
    stale: boolean;
  }>(
    db,
    sql`SELECT r.id AS run_id, r.tenant_id, j.id AS job_id, j.name, d.status AS dataset_status,
          d.instance_count, d.build_error,
          r.started_at < now() - make_interval(hours => ${STALE_RUN_HOURS}) AS stale
        FROM ai_job_runs r
        JOIN ai_scheduled_jobs j ON j.id = r.job_id
        LEFT JOIN ai_datasets d ON j.job_type = 'dataset' AND d.id = j.dataset_id
        WHERE r.status = 'Running'
          AND ((j.job_type = 'dataset' AND coalesce(d.status, 'Gone') <> 'Processing')
            OR r.started_at < now() - make_interval(hours => ${STALE_RUN_HOURS}))`,
  );
  for (const row of open) {
    const run = {
      tenantId: row.tenant_id,
      runId: Number(row.run_id),
      source: sourceOf({ id: row.job_id, ...row }),
    };
    if (row.dataset_status === 'Ready')
      await finishRun(db, run, {
        failed: false,
        message: `dataset built: ${row.instance_count} instances`,
        processedCount: Number(row.instance_count),
      });
    else if (row.dataset_status === 'Failed')
      await finishRun(db, run, { failed: true, message: `dataset build failed: ${row.build_error ?? ''}` });
    else
      await finishRun(db, run, {
        failed: true,
        message: row.stale ? `no worker finished the run in ${STALE_RUN_HOURS} hours` : 'the dataset is gone',
      });
  }
}

/** The minute tick: settles open runs, then claims and runs every due Active job. */
async function tick(db: Db, jobs: JobQueue, logger: FastifyBaseLogger): Promise<void> {
  await settleRuns(db);
  const now = new Date();
  const due = await db
    .select()
    .from(aiScheduledJobs)
    .where(and(eq(aiScheduledJobs.status, 'Active'), lte(aiScheduledJobs.nextRunAt, now)))
    .orderBy(aiScheduledJobs.nextRunAt, aiScheduledJobs.id)
    .limit(DUE_PER_TICK);
  for (const job of due) {
    try {
      await claimAndRun(db, jobs, job, now, logger);
    } catch (error) {
      // One job's failure (a model deleted meanwhile) does not hold back the others.
      logger.error({ err: error, jobId: job.id }, 'ai scheduled job not started');
      await writeAiLog(db, {
        tenantId: job.tenantId,
        level: 'ERROR',
        source: sourceOf(job),
        message: `not started: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
}

/** The tick's schedule, every minute (UTC), for the scheduler. */
export function aiJobsTickSchedule(deps: { db: Db; jobs: JobQueue; logger: FastifyBaseLogger }): Schedule {
  return {
    name: TICK_QUEUE,
    cron: '* * * * *',
    settings: TICK_SETTINGS,
    handler: () => tick(deps.db, deps.jobs, deps.logger),
  };
}
