import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows-of.js';
import type { Schedule } from '../../jobs/scheduler.js';

/*
 * The server log's bounds (docs/health-and-logs.md): the hourly `trim-server-logs` schedule deletes lines older
 * than `maxDays` and, past `maxRows` lines, the oldest ones; in batches of BATCH rows, at most STATEMENTS_PER_RUN
 * statements a run (the next hour goes on), like the other purges (docs/jobs-and-retention.md).
 */

export type ServerLogBounds = { maxRows: number; maxDays: number };

/** 100,000 lines and 14 days: a few MB, enough to follow an incident back two weeks. */
export const DEFAULT_SERVER_LOG_BOUNDS: ServerLogBounds = { maxRows: 100_000, maxDays: 14 };

const PURGE_SERVER_LOGS = 'trim-server-logs';

const BATCH = 5_000;
const STATEMENTS_PER_RUN = 200;

/** Deletes the lines past the bounds; answers how many went. */
export async function purgeServerLogs(db: Db, bounds: ServerLogBounds): Promise<number> {
  let deleted = 0;
  let left = STATEMENTS_PER_RUN;
  // The newest line that is past the count bound (ids grow with time): it and every older line go.
  const [cut] = await rowsOf<{ id: number | string }>(
    db,
    sql`SELECT id FROM server_logs ORDER BY id DESC OFFSET ${bounds.maxRows}::integer LIMIT 1`,
  );
  const cutId = cut ? Number(cut.id) : 0;
  while (left > 0) {
    left -= 1;
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`WITH deleted AS (
            DELETE FROM server_logs WHERE id IN (
              SELECT id FROM server_logs
              WHERE id <= ${cutId}::bigint OR logged_at < now() - make_interval(days => ${bounds.maxDays}::integer)
              ORDER BY id LIMIT ${BATCH}::integer)
            RETURNING 1)
          SELECT count(*)::int AS n FROM deleted`,
    );
    const n = Number(row?.n ?? 0);
    deleted += n;
    if (n < BATCH) break;
  }
  return deleted;
}

export function serverLogSchedule(deps: {
  db: Db;
  logger: FastifyBaseLogger;
  bounds: ServerLogBounds;
}): Schedule {
  return {
    name: PURGE_SERVER_LOGS,
    cron: '47 * * * *',
    settings: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 3_600 },
    handler: async () => {
      const deleted = await purgeServerLogs(deps.db, deps.bounds);
      if (deleted > 0) deps.logger.info({ deleted, schedule: PURGE_SERVER_LOGS }, 'server log lines purged');
    },
  };
}
