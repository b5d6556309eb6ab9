import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobServer } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { jobServers } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/job-queue.js';

/** Seconds between two heartbeats of a node. */
const HEARTBEAT_SECONDS = 30;
/** A node is listed while its last heartbeat is at most this old (four missed beats). */
const SEEN_WITHIN_SECONDS = 120;
/** The most nodes the list answers. */
const LIST_MAX = 200;

/**
 * This node's row in `job_servers` (the spec's hangfire servers): written when the job queue has started and every
 * HEARTBEAT_SECONDS after, deleted when the app closes. Its id is new at every start, so a restarted node shows as
 * a new node and the old row ages out of the list.
 */
export function createJobServerHeartbeat({
  db,
  jobs,
  logger,
}: {
  db: Db;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
}) {
  const host = hostname().slice(0, 255) || 'unknown';
  const id = `${host}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;

  async function beat() {
    const queues = jobs.queues();
    await db
      .insert(jobServers)
      .values({ id, hostName: host, pid: process.pid, queues })
      .onConflictDoUpdate({ target: jobServers.id, set: { lastSeenAt: sql`now()`, queues } });
  }

  return {
    id,
    async start() {
      await beat();
      timer = setInterval(() => {
        beat().catch((error: unknown) => logger.error({ err: error }, 'job server heartbeat not written'));
      }, HEARTBEAT_SECONDS * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await db.delete(jobServers).where(eq(jobServers.id, id));
    },
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The nodes seen in the last two minutes, the most recently started first. */
export async function listJobServers(db: Db): Promise<JobServer[]> {
  const rows = await db
    .select()
    .from(jobServers)
    .where(gte(jobServers.lastSeenAt, sql`now() - make_interval(secs => ${SEEN_WITHIN_SECONDS})`))
    .orderBy(desc(jobServers.startedAt), jobServers.id)
    .limit(LIST_MAX);
  return rows.map((row) => ({
    Id: row.id,
    HostName: row.hostName,
    Pid: row.pid,
    StartedAt: iso(row.startedAt),
    LastSeenAt: iso(row.lastSeenAt),
    Queues: row.queues,
  }));
}
