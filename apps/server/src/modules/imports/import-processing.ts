import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  IMPORT_LIMITS,
  IMPORT_LOG_STATUS,
  STAGED_RECORD_STATUS,
  type ImportColumnMappingItem,
} from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../errors.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { InvitationService } from '../invitations/index.js';
import { emitImportProcessed } from '../integrations/index.js';
import { eliminate, markPassed, recheckBeforeMove, type EliminationTarget } from './elimination.js';
import { readRows, type ImportFileType } from './import-file.js';
import {
  checkValues,
  insertStaged,
  loadCatalog,
  resolveMapping,
  rowTexts,
  type StagedValues,
} from './import-rows.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * Processing an import on pg-boss (docs/data-flow.md "Statuses"): `imports-process` stages the file's rows
 * (batches of STAGE_BATCH, one INSERT each, the log's processedCount after each), runs the elimination rules and
 * either waits for approval or moves; `imports-move` moves an approved import. Moving inserts the invitees with
 * one statement and asks the invitations module for their invitations, 1,000 at a time. A job repeated after a
 * crash starts its step again (staging clears the log's rows first; moving skips what was moved).
 */

const PROCESS_QUEUE = 'imports-process';
const MOVE_QUEUE = 'imports-move';
/** Rows per staging INSERT (34 array parameters each, whatever the batch). */
const STAGE_BATCH = 5_000;
/** Invitees per call of the invitations module (its request limit). */
const INVITE_BATCH = 1_000;
/** Rows staged past which the table's statistics are refreshed before the rules run. */
const ANALYZE_AFTER_ROWS = 1_000;
const SETTINGS: QueueSettings = { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 1_800 };

const { Moved, Processed, Removed } = STAGED_RECORD_STATUS;
const S = IMPORT_LOG_STATUS;

type LogJob = { logId: number };

type LogRow = {
  id: number;
  tenant_id: number;
  survey_id: number;
  status: number;
  file_type: ImportFileType;
  file_content: Buffer | Uint8Array | null;
  mapping: ImportColumnMappingItem[];
  requires_approval: boolean;
  created_by_user_id: number | null;
  language: string | null;
  time_zone: string;
};

/** The service actor a job asks the invitations module with: the import's tenant. */
const jobActor = (tenantId: number, userId: number | null): Actor => ({
  userId: userId ?? 0,
  tenantId,
  userName: 'import',
  scopes: [],
  clientId: 'import-job',
});

function targetWhere(target: EliminationTarget) {
  return target.importDataLogId === undefined
    ? sql`s.id = ${target.stagedId}::bigint`
    : sql`s.import_data_log_id = ${target.importDataLogId}::bigint`;
}

/**
 * Moves the target's passed rows (in `status`: new right after the rules, processed after an approval): the
 * recurring rules again, then each becomes an invitee (its id drawn from the invitees' sequence, so the staged row
 * names its invitee) and the row status 2. In the caller's transaction.
 */
async function moveRows(db: Executor, target: EliminationTarget, status: number): Promise<void> {
  await recheckBeforeMove(db, target, status);
  const where = sql`s.tenant_id = ${target.tenantId}::integer AND ${targetWhere(target)}
    AND s.status = ${status}::smallint`;
  // One statement: the foreign key from the staged row to its invitee is checked when it ends.
  await db.execute(
    sql`WITH moving AS MATERIALIZED (
          SELECT s.id AS staged_id, nextval(pg_get_serial_sequence('invitees', 'id')) AS invitee_id
          FROM staged_invitees s WHERE ${where}),
        inserted AS (
          INSERT INTO invitees (id, tenant_id, survey_id, full_name, email, msisdn, home_tel, work_tel, language,
            location_id, transaction_date, transaction_channel_id, product_id, transaction_type_id, employee_id,
            transaction_duration, segment_ids, is_test_user, custom_data1, custom_data2, custom_data3,
            custom_data4, custom_data5, custom_data6, custom_data7, custom_data8, custom_data9, custom_data10)
          SELECT m.invitee_id, s.tenant_id, s.survey_id, s.full_name, s.email, s.msisdn, s.home_tel, s.work_tel,
            s.language, s.location_id, coalesce(s.transaction_date, s.created_at), s.transaction_channel_id,
            s.product_id, s.transaction_type_id, s.employee_id, s.transaction_duration, s.segment_ids,
            s.is_test_user, s.custom_data1, s.custom_data2, s.custom_data3, s.custom_data4, s.custom_data5,
            s.custom_data6, s.custom_data7, s.custom_data8, s.custom_data9, s.custom_data10
          FROM staged_invitees s JOIN moving m ON m.staged_id = s.id
          RETURNING id)
        UPDATE staged_invitees s SET invitee_id = m.invitee_id, status = ${Moved}::smallint
        FROM moving m WHERE s.id = m.staged_id`,
  );
}

export type ImportProcessing = ReturnType<typeof createImportProcessing>;

export function createImportProcessing({
  db,
  jobs,
  invitations,
  logger,
}: {
  db: Db;
  jobs: JobQueue;
  invitations: InvitationService;
  logger: FastifyBaseLogger;
}) {
  /**
   * Invitations for the target's moved invitees that have none yet, through the invitations module (its rules,
   * templates and sending). A survey that is not open or offers no invitation channel makes none.
   */
  async function invite(target: EliminationTarget, userId: number | null): Promise<number> {
    const pending = await rowsOf<{ invitee_id: string | number }>(
      db,
      sql`SELECT s.invitee_id FROM staged_invitees s
          WHERE s.tenant_id = ${target.tenantId}::integer AND ${targetWhere(target)}
            AND s.status = ${Moved}::smallint AND s.invitee_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM invitations inv WHERE inv.invitee_id = s.invitee_id)
          ORDER BY s.id`,
    );
    const ids = pending.map((row) => Number(row.invitee_id));
    let created = 0;
    for (let start = 0; start < ids.length; start += INVITE_BATCH) {
      try {
        const answer = await invitations.create(jobActor(target.tenantId, userId), target.surveyId, {
          InviteeIds: ids.slice(start, start + INVITE_BATCH),
        });
        created += answer.Created.length;
      } catch (error) {
        const code = error instanceof AppError ? error.errorCode : undefined;
        if (code === ErrorCode.SurveyClosed || code === ErrorCode.SurveyChannelNotOffered) break;
        throw error;
      }
    }
    return created;
  }

  async function setStatus(logId: number, status: number, extra = sql``) {
    await db.execute(
      sql`UPDATE import_data_logs SET status = ${status}::smallint, updated_at = now() ${extra}
          WHERE id = ${logId}::bigint`,
    );
  }

  /** Ends an import (Processed or Failed) with its integration event, in one transaction (docs/integrations.md). */
  async function endImport(logId: number, status: number, extra: SQL) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE import_data_logs SET status = ${status}::smallint, updated_at = now() ${extra}
            WHERE id = ${logId}::bigint`,
      );
      await emitImportProcessed(tx, logId, status === S.Processed ? 'processed' : 'failed');
    });
  }

  /** The log's counts from its rows. */
  async function recount(logId: number, invited = 0) {
    await db.execute(
      sql`UPDATE import_data_logs l SET
            accepted_count = c.accepted, eliminated_count = c.eliminated, error_count = c.errors,
            invited_count = l.invited_count + ${invited}::integer, updated_at = now()
          FROM (SELECT
              count(*) FILTER (WHERE status IN (${Processed}::smallint, ${Moved}::smallint))::integer AS accepted,
              count(*) FILTER (WHERE status = ${Removed}::smallint AND elimination_reason IS NOT NULL)::integer
                AS eliminated,
              count(*) FILTER (WHERE status = ${Removed}::smallint AND error_detail IS NOT NULL)::integer AS errors
            FROM staged_invitees WHERE import_data_log_id = ${logId}::bigint) c
          WHERE l.id = ${logId}::bigint`,
    );
  }

  async function loadLog(logId: number): Promise<LogRow | undefined> {
    const [log] = await rowsOf<LogRow>(
      db,
      sql`SELECT l.id::integer AS id, l.tenant_id, l.survey_id, l.status, l.file_type, l.file_content, l.mapping,
            l.requires_approval, l.created_by_user_id, u.language, t.time_zone
          FROM import_data_logs l JOIN tenants t ON t.id = l.tenant_id
          LEFT JOIN users u ON u.id = l.created_by_user_id
          WHERE l.id = ${logId}::bigint`,
    );
    return log;
  }

  async function stage(log: LogRow): Promise<void> {
    const bytes = Buffer.from(log.file_content ?? new Uint8Array());
    const catalog = await loadCatalog(db, log.tenant_id);
    const language = log.language ?? 'tr';
    const target = {
      tenantId: log.tenant_id,
      surveyId: log.survey_id,
      importDataLogId: log.id,
      timeZone: log.time_zone,
    };
    if (log.file_type === 'csv') {
      let total = -1;
      for await (const _row of readRows('csv', bytes)) total += 1;
      await db.execute(
        sql`UPDATE import_data_logs SET total_count = ${Math.max(total, 0)}::integer WHERE id = ${log.id}::bigint`,
      );
    }
    let columns: ReturnType<typeof resolveMapping> | undefined;
    let batch: StagedValues[] = [];
    let rowNumber = 0;
    const flush = async () => {
      await insertStaged(db, target, batch);
      await db.execute(
        sql`UPDATE import_data_logs SET processed_count = ${rowNumber}::integer, updated_at = now()
            WHERE id = ${log.id}::bigint`,
      );
      batch = [];
    };
    const now = Date.now();
    for await (const row of readRows(log.file_type, bytes)) {
      if (!columns) {
        columns = resolveMapping(row, log.mapping);
        if (columns.size === 0) throw new Error('No column of the file maps to an invitee field');
        continue;
      }
      rowNumber += 1;
      if (rowNumber > IMPORT_LIMITS.rowsMax) throw new Error(`More than ${IMPORT_LIMITS.rowsMax} rows`);
      batch.push(checkValues(rowTexts(row, columns), catalog, language, rowNumber, now).values);
      if (batch.length >= STAGE_BATCH) await flush();
    }
    if (!columns) throw new Error('The file has no heading row');
    await flush();
    await db.execute(
      sql`UPDATE import_data_logs SET total_count = ${rowNumber}::integer, processed_count = ${rowNumber}::integer,
            file_content = NULL WHERE id = ${log.id}::bigint`,
    );
    // Fresh statistics, so the rules' plans use the address indexes rather than scanning once per row.
    if (rowNumber >= ANALYZE_AFTER_ROWS) await db.execute(sql`ANALYZE staged_invitees`);
  }

  /** Moves an import's passed rows (in `status`), invites them and ends the log Processed. */
  async function move(log: LogRow, status: number): Promise<void> {
    const target = { tenantId: log.tenant_id, surveyId: log.survey_id, importDataLogId: log.id };
    let at = Date.now();
    await db.transaction(async (tx) => moveRows(tx, target, status));
    logger.info({ logId: log.id, ms: Date.now() - at }, 'import moved');
    at = Date.now();
    const invited = await invite(target, log.created_by_user_id);
    logger.info({ logId: log.id, ms: Date.now() - at, invited }, 'import invited');
    await recount(log.id, invited);
    await endImport(log.id, S.Processed, sql`, processed_at = now()`);
  }

  async function failed(logId: number, error: unknown) {
    logger.error({ err: error, logId }, 'import failed');
    const message = error instanceof Error ? error.message : String(error);
    await endImport(logId, S.Failed, sql`, error = ${message.slice(0, 1_000)}::text, file_content = NULL`);
  }

  async function process(logId: number): Promise<void> {
    const log = await loadLog(logId);
    if (!log || (log.status !== S.New && log.status !== S.Processing)) return;
    try {
      await setStatus(logId, S.Processing);
      // A repeated job starts again from the file.
      await db.execute(sql`DELETE FROM staged_invitees WHERE import_data_log_id = ${logId}::bigint`);
      let at = Date.now();
      await stage(log);
      logger.info({ logId, ms: Date.now() - at }, 'import staged');
      at = Date.now();
      const target = { tenantId: log.tenant_id, surveyId: log.survey_id, importDataLogId: log.id };
      await db.transaction(async (tx) => eliminate(tx, target));
      logger.info({ logId, ms: Date.now() - at }, 'import eliminated');
      if (log.requires_approval) {
        await markPassed(db, target);
        await recount(logId);
        await setStatus(logId, S.WaitingForApproval);
      } else await move(log, STAGED_RECORD_STATUS.New);
    } catch (error) {
      await failed(logId, error);
    }
  }

  jobs.work<LogJob>(PROCESS_QUEUE, SETTINGS, async ({ logId }) => process(logId));
  jobs.work<LogJob>(MOVE_QUEUE, SETTINGS, async ({ logId }) => {
    const log = await loadLog(logId);
    if (!log || log.status !== S.Approved) return;
    try {
      await move(log, Processed);
    } catch (error) {
      await failed(logId, error);
    }
  });

  return {
    /** Queues the processing of a new log, in the upload's transaction (then `wake`). */
    queueProcess: (tx: Executor, logId: number) => jobs.send(PROCESS_QUEUE, { logId }, { within: tx }),
    /** Queues the move of an approved log, in the approval's transaction (then `wake`). */
    queueMove: (tx: Executor, logId: number) => jobs.send(MOVE_QUEUE, { logId }, { within: tx }),
    wake: () => {
      jobs.wake(PROCESS_QUEUE);
      jobs.wake(MOVE_QUEUE);
    },

    /**
     * One record of the create-invitee form: staged (no import log), the rules, moved at once when it passes and
     * invited when the survey is open. Answers the staged row's end.
     */
    async single(actor: Actor, surveyId: number, values: StagedValues, timeZone: string) {
      const tenantId = actor.tenantId!;
      const stagedId = await db.transaction(async (tx) => {
        const [id] = await insertStaged(tx, { tenantId, surveyId, importDataLogId: null, timeZone }, [
          values,
        ]);
        const target = { tenantId, surveyId, stagedId: id! };
        await eliminate(tx, target);
        await moveRows(tx, target, STAGED_RECORD_STATUS.New);
        return id!;
      });
      const invited = await invite({ tenantId, surveyId, stagedId }, actor.userId);
      const [row] = await rowsOf<{
        status: number;
        elimination_reason: number | null;
        invitee_id: string | null;
      }>(
        db,
        sql`SELECT status, elimination_reason, invitee_id FROM staged_invitees WHERE id = ${stagedId}::bigint`,
      );
      return {
        StagedInviteeId: stagedId,
        Status: row!.status,
        EliminationReason: row!.elimination_reason,
        InviteeId: row!.invitee_id === null ? null : Number(row!.invitee_id),
        InvitationCount: invited,
      };
    },
  };
}
