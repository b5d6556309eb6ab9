import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, ExecuteSql } from '../db/client.js';
import type { Executor } from '../db/executor.js';
import { transactionSql } from '../db/transaction-sql.js';

/**
 * Background jobs on pg-boss 10 (ARCHITECTURE §4), kept in the system-of-record database itself: a queued job
 * outlives a crash or a restart of the node that queued it, and every node works the same queues (pg-boss hands
 * each job to one worker with `FOR UPDATE SKIP LOCKED`). Delivery is at least once: a job that failed, or whose
 * node died while working it, runs again, so a handler must be safe to repeat. pg-boss keeps its tables in the
 * `pgboss` schema, which it creates and migrates itself at start (drizzle does not manage it).
 *
 * Work that belongs to one node stays outside: each node's analytics replica sync and compaction, its caches
 * and rate-limit counters (docs/architecture.md, "Background work").
 */

/** How a queue retries and how long a job may run (pg-boss's queue options). */
export type QueueSettings = {
  /** Attempts after the first one fails. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long (pg-boss's retryBackoff). */
  retryDelaySeconds: number;
  /** A job still running after this long (a hung handler, a node that died) fails, and is retried. */
  expireInSeconds: number;
};

/** How one job is queued. */
type SendOptions = {
  /** Queue it in this transaction: it exists only if that commits (then call `wake`). */
  within?: Executor;
  /** Hand it to a worker no sooner than this many seconds from now (a retry's back-off). */
  startAfterSeconds?: number;
  /**
   * At most one job of this key per `singletonSeconds` slot across every node (pg-boss's singleton): a periodic
   * job each node asks for runs once.
   */
  singleton?: { key: string; seconds: number };
};

/** The job a handler works on; its id stays the same across the job's attempts. */
type JobInfo = { id: string };

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export type JobQueue = {
  /**
   * Works the queue `name` on this node once started: creates it when it does not exist yet and applies
   * `settings` to it.
   */
  work<T extends object>(name: string, settings: QueueSettings, handler: JobHandler<T>): void;
  /** The queues this node works (registered with `work`), sorted by name. */
  queues(): string[];
  /** Starts pg-boss (creating or migrating its schema) and the workers; the app's onReady hook. */
  start(): Promise<void>;
  /**
   * Queues a job, and has this node look for it at once. `within` a transaction, the job exists only if that
   * commits: call `wake(name)` after the commit.
   */
  send(name: string, data: object, options?: SendOptions): Promise<void>;
  /** Has this node's worker of `name` look for jobs now rather than at its next poll. */
  wake(name: string): void;
  /**
   * Stops the workers, waits for the jobs they are running (up to 5 s), then stops pg-boss's timers; the app's
   * onClose hook.
   */
  stop(): Promise<void>;
};

/** Seconds between two looks for new jobs by an idle worker, for the jobs other nodes queue. */
const POLLING_INTERVAL_SECONDS = 2;
/** How long `stop` waits for running jobs; pg-boss fails those still running then, so they are retried. */
const STOP_TIMEOUT_MS = 5_000;

type Registration = { name: string; settings: QueueSettings; handler: JobHandler<object> };

/** pg-boss on the application's database, PGlite or PostgreSQL (DatabaseHandle.executeSql); see `start`. */
export function createJobQueue({
  database,
  logger,
}: {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
}): JobQueue {
  // pg-boss does not await its last job's `complete`, and a fetch still running when it stops can hand a job
  // over after: `stop` waits for every statement and handler started here, so the database may then close.
  const running = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    running.add(promise);
    const settled = () => running.delete(promise);
    void promise.then(settled, settled);
    return promise;
  };
  const executeSql: ExecuteSql = (text, values) => track(database.executeSql(text, values));

  const boss = new PgBoss({
    db: { executeSql },
    // Maintenance on every node (failing the jobs of dead nodes, archiving, deleting); pg-boss serialises it with
    // an advisory lock. No cron schedules: none of pg-boss's clock monitoring is needed.
    supervise: true,
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));

  const registrations: Registration[] = [];
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id) boss.notifyWorker(id);
  };

  async function startWorker({ name, settings, handler }: Registration) {
    const queue = {
      name,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
    };
    // Nothing when the queue exists; the update then applies this code's settings to a queue an older version
    // created.
    await boss.createQueue(name, queue);
    await boss.updateQueue(name, queue);
    const id = await boss.work<object>(
      name,
      { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async (jobs) => {
        for (const job of jobs) {
          try {
            await track(handler(job.data, { id: job.id }));
          } catch (error) {
            logger.error({ err: error, queue: name, jobId: job.id }, 'job failed; pg-boss tries it again');
            throw error;
          }
        }
        // A worker that found work looks again at once rather than after its polling interval: a backlog drains
        // at the handlers' pace, not one job per interval.
        wake(name);
      },
    );
    workers.set(name, id);
  }

  return {
    work(name, settings, handler) {
      registrations.push({ name, settings, handler: handler as JobHandler<object> });
    },

    queues: () => registrations.map(({ name }) => name).sort(),

    async start() {
      // Nodes starting together would create pg-boss's schema and the same queues at once (a duplicate schema, a
      // deadlock on a queue's partition): one node at a time, under the database's start-up lock.
      await database.startupLock(async () => {
        await boss.start();
        for (const registration of registrations) await startWorker(registration);
      });
    },

    async send(name, data, { within, startAfterSeconds, singleton } = {}) {
      await boss.send(name, data, {
        ...(within ? { db: { executeSql: transactionSql(within) } } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(singleton ? { singletonKey: singleton.key, singletonSeconds: singleton.seconds } : {}),
      });
      if (!within && !startAfterSeconds) wake(name);
    },

    wake,

    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // A turn of the event loop lets a fetch that just answered reach its handler before the check.
      do {
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.allSettled([...running]);
      } while (running.size > 0);
    },
  };
}
