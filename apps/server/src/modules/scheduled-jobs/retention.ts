import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_LOG_STATUS as S } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { QueueSettings } from '../../jobs/job-queue.js';
import type { Schedule } from '../../jobs/scheduler.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * The retention purges (surveys spec §9, docs/jobs-and-retention.md): hourly schedules deleting REST data logs
 * older than two months, imported (staged) invitees and import logs older than their configured retention. Each
 * deletes in batches of BATCH rows, tenant by tenant (the tables' (tenant_id, created_at) indexes find the rows),
 * and stops after STATEMENTS_PER_RUN statements: a large backlog drains over the next hours, never in one long
 * transaction. Safe to repeat: each run deletes what is due at that moment.
 */

/** Rows one statement deletes at most. */
const BATCH = 1_000;
/** Statements one run executes at most (a million rows); the next run goes on. */
const STATEMENTS_PER_RUN = 1_000;

/**
 * Import logs still on their way (queued, being read, waiting for approval, being moved): never purged, nor their
 * staged rows, whatever their age.
 */
const IN_FLIGHT = [S.Initial, S.New, S.Processing, S.WaitingForApproval, S.Approved];
const inFlight = sql.raw(IN_FLIGHT.join(', '));

export type RetentionSettings = { importedInviteeHours: number; importLogHours: number };

export const PURGE_SCHEDULES = {
  restDataLogs: 'purge-rest-data-logs',
  importedInvitees: 'purge-imported-invitees',
  importLogs: 'purge-import-logs',
} as const;

const SETTINGS: QueueSettings = { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 3_600 };

/** Runs `statement` (a DELETE answering one row per deleted row) until it deletes less than a batch or the budget ends. */
class Budget {
  private left = STATEMENTS_PER_RUN;
  deleted = 0;

  constructor(private readonly db: Db) {}

  get exhausted() {
    return this.left <= 0;
  }

  /** Deletes batches until none is full; false when the budget ran out first. */
  async drain(statement: () => SQL): Promise<boolean> {
    while (this.left > 0) {
      this.left -= 1;
      const rows = await rowsOf<{ n: number }>(
        this.db,
        sql`WITH deleted AS (${statement()}) SELECT count(*)::int AS n FROM deleted`,
      );
      const n = Number(rows[0]?.n ?? 0);
      this.deleted += n;
      if (n < BATCH) return true;
    }
    return false;
  }
}

async function tenantIds(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM tenants ORDER BY id`);
  return rows.map((row) => Number(row.id));
}

/** REST data logs older than two months (their idempotency keys go with them, by the foreign key). */
async function purgeRestDataLogs(db: Db): Promise<number> {
  const budget = new Budget(db);
  for (const tenantId of await tenantIds(db)) {
    const done = await budget.drain(
      () => sql`DELETE FROM data_validation_logs WHERE id IN (
        SELECT id FROM data_validation_logs
        WHERE tenant_id = ${tenantId}::integer AND created_at < now() - interval '2 months'
        LIMIT ${BATCH}::integer) RETURNING 1`,
    );
    if (!done) break;
  }
  return budget.deleted;
}

/**
 * Staged invitees older than the retention, but those of an import still in flight. The invitees they became
 * (`invitee_id`) stay: nothing references a staged row.
 */
async function purgeImportedInvitees(db: Db, hours: number): Promise<number> {
  const budget = new Budget(db);
  for (const tenantId of await tenantIds(db)) {
    const done = await budget.drain(
      () => sql`DELETE FROM staged_invitees WHERE id IN (
        SELECT s.id FROM staged_invitees s
        WHERE s.tenant_id = ${tenantId}::integer AND s.created_at < now() - make_interval(hours => ${hours}::integer)
          AND NOT EXISTS (SELECT 1 FROM import_data_logs l
                          WHERE l.id = s.import_data_log_id AND l.status IN (${inFlight}))
        LIMIT ${BATCH}::integer) RETURNING 1`,
    );
    if (!done) break;
  }
  return budget.deleted;
}

/**
 * Finished import logs older than the retention. A log's staged rows would go with it (ON DELETE CASCADE) in one
 * unbounded statement, so they are deleted first, in batches; then the log.
 */
async function purgeImportLogs(db: Db, hours: number): Promise<number> {
  const budget = new Budget(db);
  let logs = 0;
  for (const tenantId of await tenantIds(db)) {
    while (!budget.exhausted) {
      const due = await rowsOf<{ id: number }>(
        db,
        sql`SELECT id FROM import_data_logs
            WHERE tenant_id = ${tenantId}::integer AND status NOT IN (${inFlight})
              AND created_at < now() - make_interval(hours => ${hours}::integer)
            ORDER BY created_at, id LIMIT 100`,
      );
      if (due.length === 0) break;
      for (const { id } of due) {
        const done = await budget.drain(
          () => sql`DELETE FROM staged_invitees WHERE id IN (
            SELECT id FROM staged_invitees WHERE import_data_log_id = ${id}::bigint LIMIT ${BATCH}::integer)
            RETURNING 1`,
        );
        if (!done) return logs;
        await db.execute(sql`DELETE FROM import_data_logs WHERE id = ${id}::bigint`);
        logs += 1;
      }
    }
  }
  return logs;
}

/** The three purge schedules, hourly at minutes of their own. */
export function retentionSchedules({
  db,
  logger,
  settings,
}: {
  db: Db;
  logger: FastifyBaseLogger;
  settings: RetentionSettings;
}): Schedule[] {
  const run = (name: string, purge: () => Promise<number>) => async () => {
    const deleted = await purge();
    if (deleted > 0) logger.info({ schedule: name, deleted }, 'retention purge');
  };
  return [
    {
      name: PURGE_SCHEDULES.restDataLogs,
      cron: '7 * * * *',
      settings: SETTINGS,
      handler: run(PURGE_SCHEDULES.restDataLogs, () => purgeRestDataLogs(db)),
    },
    {
      name: PURGE_SCHEDULES.importedInvitees,
      cron: '17 * * * *',
      settings: SETTINGS,
      handler: run(PURGE_SCHEDULES.importedInvitees, () =>
        purgeImportedInvitees(db, settings.importedInviteeHours),
      ),
    },
    {
      name: PURGE_SCHEDULES.importLogs,
      cron: '27 * * * *',
      settings: SETTINGS,
      handler: run(PURGE_SCHEDULES.importLogs, () => purgeImportLogs(db, settings.importLogHours)),
    },
  ];
}
