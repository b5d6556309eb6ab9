import { sql, type SQL } from 'drizzle-orm';
import { REST_DATA_IDEMPOTENCY_TTL_MS, isMatrixQuestionType } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { evaluateAlertRules } from '../alert-rules/index.js';
import { emitSessionsCompleted } from '../integrations/index.js';
import { insertResponses, type ResponseRow } from '../responses/index.js';
import type { CatalogQuestion, RecordCodes, RestDataCatalog } from './rest-data.validation.js';
import { rowsOf } from '../../db/rows-of.js';

export type TargetSurvey = { id: number; type: number; timeZone: string; flowId: number | null };

export type LogEntry = {
  tenantId: number;
  /** Null for a call the server makes itself (a review source's scheduled run). */
  userId: number | null;
  surveyId: number;
  /** The body's first 64 KB as text. */
  request: string;
  /** The whole body's size in bytes. */
  requestBytes: number;
  result: unknown;
  acceptedCount: number;
  rejectedCount: number;
};

/** An `Idempotency-Key` of one user and client, with the hash of the body it came with. */
export type IdempotencyClaim = {
  tenantId: number;
  userId: number;
  clientId: string;
  key: string;
  requestHash: string;
};

/** A call remembered under a key: its body's hash and its log entry (whose result is the answer). */
export type RememberedCall = { requestHash: string; logId: number; result: unknown };

/** An accepted record ready to store, with its position in the call. */
export type IndexedRow = { index: number; row: ResponseRow };

/** A record the database refused although it passed validation (the batch's other records are kept). */
export type FailedRow = { index: number; error: unknown };

export type StoreOutcome =
  | { kind: 'stored'; logId: number; failed: FailedRow[] }
  /** Another call holds the key (it committed first, or was waited for); nothing was stored. */
  | { kind: 'taken' };

const KEY_TTL = sql.raw(`interval '${REST_DATA_IDEMPOTENCY_TTL_MS / 1000} seconds'`);

// SQLSTATE classes of errors one record's values can cause: data exception, integrity constraint violation,
// program limit exceeded. Anything else (connection lost, deadlock) fails the call.
const RECORD_ERROR_CLASSES = ['22', '23', '54'];

/** The SQLSTATE of a driver error, also when Drizzle wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const isRecordError = (error: unknown) => RECORD_ERROR_CLASSES.includes(sqlState(error)?.slice(0, 2) ?? '');

/** A code -> id map from `[code, id]` pairs. */
const toMap = (pairs: [string, number][]) => new Map(pairs);

/** A JS array bound as one PostgreSQL array parameter (Drizzle would otherwise spread it into a list). */
const array = (values: readonly unknown[]) => sql.param(values);

type CatalogRow = {
  channels: [string, number][];
  products: [string, number][];
  types: [string, number][];
  locations: [string, number][];
  employees: [string, number][];
  segments: [string, number][];
  questions: {
    id: number;
    parent_id: number | null;
    flow_id: number | null;
    type: string;
    scale: number | null;
    code: string | null;
    required: boolean;
  }[];
  choices: [number, number][];
};

export function createRestDataRepository(db: Db) {
  return {
    /** The tenant's survey with the tenant's time zone and its first active flow; undefined when not the tenant's. */
    async findSurvey(tenantId: number, surveyId: number): Promise<TargetSurvey | undefined> {
      const [survey] = await rowsOf<{ id: number; type: number; time_zone: string; flow_id: number | null }>(
        db,
        sql`
          SELECT s.id, s.type, t.time_zone,
            (SELECT f.id FROM survey_flows f
             WHERE f.tenant_id = ${tenantId} AND f.survey_id = s.id AND f.is_active
             ORDER BY f.id LIMIT 1) AS flow_id
          FROM surveys s JOIN tenants t ON t.id = s.tenant_id
          WHERE s.id = ${surveyId} AND s.tenant_id = ${tenantId}`,
      );
      if (!survey) return undefined;
      return { id: survey.id, type: survey.type, timeZone: survey.time_zone, flowId: survey.flow_id };
    },

    /**
     * Resolves the codes a call used (each dimension limited to those codes and to the tenant) and loads the
     * survey's live questions with their choices: one round trip, whatever the number of records.
     */
    async loadCatalog(tenantId: number, survey: TargetSurvey, codes: RecordCodes): Promise<RestDataCatalog> {
      const pairs = (table: SQL, list: string[]) => sql`
        (SELECT coalesce(json_agg(json_build_array(code, id)), '[]') FROM ${table}
         WHERE tenant_id = ${tenantId} AND code = ANY(${array(list)}::text[]))`;
      const groupCodes = [...new Set(codes.segments.map((segment) => segment.groupCode))];
      const segmentCodes = [...new Set(codes.segments.map((segment) => segment.code))];
      const [row] = await rowsOf<CatalogRow>(
        db,
        sql`
          SELECT ${pairs(sql`transaction_channels`, codes.channels)} AS channels,
            ${pairs(sql`products`, codes.products)} AS products,
            ${pairs(sql`transaction_types`, codes.transactionTypes)} AS types,
            ${pairs(sql`locations`, codes.locations)} AS locations,
            ${pairs(sql`employees`, codes.employees)} AS employees,
            (SELECT coalesce(json_agg(json_build_array(g.code || ';' || s.code, s.id)), '[]')
             FROM segments s JOIN segment_groups g ON g.id = s.group_id
             WHERE s.tenant_id = ${tenantId} AND g.tenant_id = ${tenantId}
               AND g.code = ANY(${array(groupCodes)}::text[]) AND s.code = ANY(${array(segmentCodes)}::text[])
            ) AS segments,
            (SELECT coalesce(json_agg(json_build_object('id', q.id, 'parent_id', q.parent_id,
                'flow_id', q.flow_id, 'type', q.type, 'scale', q.scale, 'code', q.integration_code,
                'required', q.required)), '[]')
             FROM questions q
             WHERE q.tenant_id = ${tenantId} AND q.survey_id = ${survey.id} AND NOT q.is_deleted) AS questions,
            (SELECT coalesce(json_agg(json_build_array(c.question_id, c.value)), '[]')
             FROM question_choices c JOIN questions q ON q.id = c.question_id
             WHERE q.tenant_id = ${tenantId} AND q.survey_id = ${survey.id}
               AND c.tenant_id = ${tenantId} AND NOT c.is_deleted) AS choices`,
      );
      if (!row) throw new Error('catalogue query returned nothing');
      return {
        channels: toMap(row.channels),
        products: toMap(row.products),
        transactionTypes: toMap(row.types),
        locations: toMap(row.locations),
        employees: toMap(row.employees),
        segments: toMap(row.segments),
        ...surveyQuestions(survey, row.questions, row.choices),
      };
    },

    /** The call remembered under this key within the last 24 hours, if any. */
    async findKey(claim: IdempotencyClaim): Promise<RememberedCall | undefined> {
      const [row] = await rowsOf<{ request_hash: string; log_id: number | string | null; result: unknown }>(
        db,
        sql`
          SELECT k.request_hash, k.log_id, l.result
          FROM rest_data_idempotency_keys k LEFT JOIN data_validation_logs l ON l.id = k.log_id
          WHERE k.tenant_id = ${claim.tenantId}::integer AND k.user_id = ${claim.userId}::integer
            AND k.client_id = ${claim.clientId}::text AND k.key = ${claim.key}::text
            AND k.created_at > now() - ${KEY_TTL}`,
      );
      if (!row || row.log_id === null) return undefined;
      return { requestHash: row.request_hash, logId: Number(row.log_id), result: row.result };
    },

    /** Deletes keys older than 24 hours (an index range scan; most calls find nothing to delete). */
    async forgetExpiredKeys(): Promise<void> {
      await db.execute(sql`DELETE FROM rest_data_idempotency_keys WHERE created_at <= now() - ${KEY_TTL}`);
    },

    /**
     * Stores the accepted records (invitee, API invitation, session, answers), the call's log entry and its
     * idempotency key in one transaction: a call is stored whole or not at all, so a crash before the commit
     * leaves nothing and a retry stores it once. The key is claimed first; a call that finds it held (after
     * waiting for the holder's commit) stores nothing and answers `taken`. Records the database refuses are set
     * aside one by one (by halving the batch), so one bad record never sinks the others; `log` builds the log
     * entry once the refused ones are known.
     */
    async store(
      tenantId: number,
      survey: TargetSurvey,
      rows: IndexedRow[],
      claim: IdempotencyClaim | undefined,
      log: (failed: FailedRow[]) => LogEntry,
    ): Promise<StoreOutcome> {
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        if (claim) {
          const claimed = await rowsOf<{ claimed: boolean }>(
            txDb,
            sql`
              INSERT INTO rest_data_idempotency_keys (tenant_id, user_id, client_id, key, request_hash)
              VALUES (${claim.tenantId}::integer, ${claim.userId}::integer, ${claim.clientId}::text,
                ${claim.key}::text, ${claim.requestHash}::text)
              ON CONFLICT (tenant_id, user_id, client_id, key) DO UPDATE
                SET request_hash = excluded.request_hash, log_id = NULL, created_at = now()
                WHERE rest_data_idempotency_keys.created_at <= now() - ${KEY_TTL}
              RETURNING true AS claimed`,
          );
          if (claimed.length === 0) return { kind: 'taken' } as const;
        }
        const failed = await insertRows(txDb, tenantId, survey, rows);
        const entry = log(failed);
        const [logged] = await rowsOf<{ id: number | string }>(
          txDb,
          sql`
            INSERT INTO data_validation_logs (tenant_id, user_id, survey_id, request, request_bytes, result,
              is_successful, accepted_count, rejected_count)
            VALUES (${entry.tenantId}::integer, ${entry.userId}::integer, ${entry.surveyId}::integer,
              ${entry.request}::text, ${entry.requestBytes}::integer, ${JSON.stringify(entry.result)}::jsonb,
              ${entry.rejectedCount === 0}, ${entry.acceptedCount}::integer, ${entry.rejectedCount}::integer)
            RETURNING id`,
        );
        if (!logged) throw new Error('data validation log insert returned nothing');
        const logId = Number(logged.id);
        if (claim) {
          await txDb.execute(sql`
            UPDATE rest_data_idempotency_keys SET log_id = ${logId}
            WHERE tenant_id = ${claim.tenantId}::integer AND user_id = ${claim.userId}::integer
              AND client_id = ${claim.clientId}::text AND key = ${claim.key}::text`);
        }
        return { kind: 'stored', logId, failed } as const;
      });
    },
  };
}

/**
 * Inserts the rows in one statement inside a savepoint. When the database refuses it for a record's values, the
 * batch is halved and each half tried again, down to the single records at fault, which are returned; the
 * others are stored. Other errors (a lost connection) fail the call.
 */
async function insertRows(
  db: Db,
  tenantId: number,
  survey: TargetSurvey,
  rows: IndexedRow[],
): Promise<FailedRow[]> {
  if (rows.length === 0) return [];
  try {
    await db.transaction(async (savepoint) => {
      const savepointDb = savepoint as unknown as Db;
      const stored = await rowsOf<{ id: number | string }>(
        savepointDb,
        insertResponses({ tenantId, survey, rows: rows.map(({ row }) => row) }),
      );
      // The batch's alerts are raised with its answers, in the same savepoint (docs/alerts.md).
      const sessionIds = stored.map(({ id }) => Number(id));
      await emitSessionsCompleted(savepointDb, tenantId, sessionIds);
      await evaluateAlertRules(savepointDb, { tenantId, sessionIds, now: new Date() });
    });
    return [];
  } catch (error) {
    if (!isRecordError(error)) throw error;
    if (rows.length === 1) return [{ index: rows[0]!.index, error }];
    const half = Math.ceil(rows.length / 2);
    return [
      ...(await insertRows(db, tenantId, survey, rows.slice(0, half))),
      ...(await insertRows(db, tenantId, survey, rows.slice(half))),
    ];
  }
}

/** The survey's live questions by integration code, with their choices, and the required ones of the flow. */
function surveyQuestions(
  survey: TargetSurvey,
  rows: CatalogRow['questions'],
  choiceRows: CatalogRow['choices'],
): Pick<RestDataCatalog, 'questions' | 'requiredQuestionIds'> {
  const choices = new Map<number, Set<number>>();
  for (const [questionId, value] of choiceRows) {
    const values = choices.get(questionId) ?? new Set<number>();
    values.add(value);
    choices.set(questionId, values);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const questionsByCode = new Map<string, CatalogQuestion>();
  for (const row of rows) {
    if (!row.code) continue;
    // A matrix sub-question answers on its group's choices and scale unless it has its own.
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    const ownChoices = choices.get(row.id);
    questionsByCode.set(row.code, {
      id: row.id,
      type: row.type,
      scale: row.scale ?? parent?.scale ?? null,
      choiceValues: ownChoices ?? (parent ? choices.get(parent.id) : undefined) ?? new Set(),
    });
  }
  const requiredQuestionIds = rows
    .filter(
      (row) =>
        row.required &&
        !isMatrixQuestionType(row.type) &&
        (row.flow_id === null || row.flow_id === survey.flowId),
    )
    .map((row) => row.id);
  return { questions: questionsByCode, requiredQuestionIds };
}

export type RestDataRepository = ReturnType<typeof createRestDataRepository>;
