import fs from 'node:fs/promises';
import os from 'node:os';
import { BOOLEAN, INTEGER, LIST, STRUCT, VARCHAR, listValue, structValue } from '@duckdb/node-api';
import type { DatabaseHandle } from '../db/client.js';
import { createChangeCursor, type ChangeCursor, type ChangePage } from './change-cursor.js';
import type { RebuildProgress, RebuildResult, ReplicaStore } from './replica-types.js';
import { SESSION_TABLES, STORED_TABLES, replicaTableDdl, type StoredTable } from './replica-schema.js';
import {
  CLEAR_INVITATION_STAGE_SQL,
  CLEAR_STAGE_SQL,
  EXPORT_NAMES,
  REUSE_TERMS_SQL,
  STAGED_TEXTS_SQL,
  TERM_CACHE_MAX,
  TERM_CACHE_SIZE_SQL,
  CLEAR_TERM_CACHE_SQL,
  STAGE_DDL,
  exportSql,
  insertBatchSql,
  insertInvitationsSql,
  invitationExportSql,
  readExportSql,
  type ExportName,
  type SessionSelection,
} from './session-rows.sql.js';
import { commentPhrases, type PhraseEntry } from './phrase-words.js';
import { textTerms } from './text-terms.js';

/** The part of a pino logger the replica uses. */
export type ReplicaLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The appender's type of comments.phrase_words and phrase_pairs (replica-schema.ts PHRASE_ENTRIES). */
const PHRASE_LIST = LIST(STRUCT({ stem: VARCHAR, form: VARCHAR, uses: INTEGER, first: BOOLEAN }));
const phraseList = (entries: readonly PhraseEntry[]) =>
  listValue(entries.map((entry) => structValue({ ...entry })));

/** Sessions per rebuild page: big enough that per-statement costs vanish, small enough for PGlite's memory. */
const REBUILD_PAGE = 20_000;
/** Changes read from PostgreSQL per page. */
const CHANGES_PAGE = 50_000;
/**
 * How far below the current end of the sequence a rebuild looks for changes still in flight: a transaction that
 * took a seq this far back and has not committed yet is re-applied once it does.
 */
const REBUILD_TAIL = 10_000;
/**
 * Each table's compaction order: DuckDB's zone maps then skip the row groups of other tenants, surveys and months.
 * Facts are grouped by measurement type before time, so an NPS widget (measurement type 0, most of the catalogue)
 * reads only NPS rows instead of every measured answer of the survey: about a fifth of the rows at 10M sessions.
 * Score widgets default to the transaction date, text widgets to the answered date.
 */
const SORT_ORDER: Record<StoredTable, string> = {
  facts: 'tenant_id, survey_id, measurement_type, transaction_at, session_id',
  comments: 'tenant_id, survey_id, answered_at, session_id',
  sessions: 'tenant_id, survey_id, transaction_at, session_id',
  answers: 'tenant_id, survey_id, session_id, question_id',
  invitations: 'tenant_id, survey_id, invited_at, invitation_id',
};

/**
 * The change sequence's ops (drizzle 0003 and 0010): 'I', 'U', 'D' name a session (inserted, changed, gone);
 * 'V' and 'X' an invitation (inserted or changed, gone), whose id then stands in `session_id`.
 */
const INVITATION_OPS = new Set(['V', 'X']);
const GONE_OPS = new Set(['D', 'X']);

// The visible changes past a seq, with the snapshot they were read in (one statement, one snapshot).
const READ_CHANGES_SQL = `
WITH snap AS (SELECT pg_current_snapshot() AS s)
SELECT pg_snapshot_xmin(snap.s)::text AS xmin, pg_snapshot_xmax(snap.s)::text AS xmax, c.seq, c.session_id, c.op
FROM snap LEFT JOIN LATERAL (
  SELECT seq, session_id, op FROM analytics_changes WHERE seq > $1 ORDER BY seq LIMIT $2
) c ON true`;

type Change = { seq: number; sessionId: number; op: string };

// Which PostgreSQL database the replica copies: a replica file left over from a reset database is rebuilt.
// (PGlite makes a new system identifier for each new database; on a server the database oid tells them apart.)
const DATABASE_OID_SQL = 'SELECT oid::text AS id FROM pg_database WHERE datname = current_database()';
const SYSTEM_ID_SQL = 'SELECT system_identifier::text AS id FROM pg_control_system()';

/** The newest seq of PostgreSQL's change sequence (0 when it is empty). */
export const CHANGE_HEAD_SQL = 'SELECT coalesce(max(seq), 0) AS max FROM analytics_changes';

export type ReplicaSync = {
  /** Loads the stored position, or rebuilds when the replica is new or ahead of PostgreSQL (a reset database). */
  ensureReady(onProgress?: (progress: RebuildProgress) => void): Promise<void>;
  /** Applies every change visible now; returns how many sessions it re-read. */
  drain(): Promise<number>;
  rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult>;
  compact(): Promise<void>;
  /** Every change at or below this seq is applied; undefined until `ensureReady` has run. */
  appliedSeq(): number | undefined;
  /**
   * Sessions and invitations re-read since the tables were last sorted (a rebuild or compaction), kept in the file:
   * each re-read leaves its old rows deleted in place and its new ones appended unsorted, whatever restarts between.
   */
  churn(): number;
  /** Sessions in the replica when its tables were last sorted, or when it was opened: what `churn()` is a share of. */
  sortedSessions(): number;
};

/** replica_state's row for `churn()`. */
const CHURN_STATE = 'changed_since_sort';

/**
 * The writer side of the replica. Not re-entrant: the caller runs one method at a time (replica.ts does).
 * Every load is upsert-by-session: delete the session's rows, insert what PostgreSQL holds now. That makes
 * replaying a change harmless, so the cursor may err towards reading a change twice, never towards skipping it.
 */
export function createReplicaSync(deps: {
  database: DatabaseHandle;
  store: ReplicaStore;
  logger: ReplicaLogger;
  batchSize: number;
  /** DuckDB's memory_limit outside a rebuild or compaction, when one is set. */
  memoryLimit: string | undefined;
}): ReplicaSync {
  const { database, store, logger, batchSize } = deps;

  // A rebuild or compaction sorts every row (42 million facts at 10M sessions): under a memory limit it gets half
  // the machine's memory for that, then DuckDB goes back to its limit and gives the buffers back.
  async function withSortMemory<T>(work: () => Promise<T>): Promise<T> {
    const limit = deps.memoryLimit;
    if (limit === undefined) return work();
    await store.run(`SET memory_limit = '${Math.floor(os.totalmem() / 2 / 2 ** 20)}MB'`);
    try {
      return await work();
    } finally {
      await store.run(`SET memory_limit = '${limit.replaceAll("'", '')}'`);
    }
  }
  let cursor: ChangeCursor | undefined;
  let churn = 0;
  let sortedSessions = 0;

  async function countSessions(): Promise<number> {
    const [row] = await store.read<{ count: number }>('SELECT count(*) AS count FROM sessions');
    return row?.count ?? 0;
  }

  async function readChanges(after: number): Promise<{ page: ChangePage; changes: Change[] }> {
    const rows = await database.raw<{
      xmin: string;
      xmax: string;
      seq: number | string | null;
      session_id: number | string | null;
      op: string | null;
    }>(READ_CHANGES_SQL, [after, CHANGES_PAGE]);
    const changes = rows
      .filter((r) => r.seq !== null)
      .map((r) => ({ seq: Number(r.seq), sessionId: Number(r.session_id), op: r.op ?? 'U' }));
    const first = rows[0]!;
    return {
      page: { seqs: changes.map((c) => c.seq), xmin: Number(first.xmin), xmax: Number(first.xmax) },
      changes,
    };
  }

  // A batch as exported by PostgreSQL: one CSV text per export.
  type Batch = Record<ExportName, string>;

  async function exportBatch(selection: SessionSelection, params: unknown[]): Promise<Batch> {
    const texts = await Promise.all(
      EXPORT_NAMES.map(async (name) => {
        const [row] = await database.raw<{ csv: string }>(exportSql(name, selection), params);
        return [name, row?.csv ?? ''] as const;
      }),
    );
    return Object.fromEntries(texts) as Batch;
  }

  let staged = false;
  async function ensureStage(): Promise<void> {
    if (staged) return;
    for (const sql of STAGE_DDL) await store.run(sql);
    staged = true;
  }

  // Reads a batch into the stage tables, taking over the search terms of comments the replica already holds.
  async function stageBatch(batch: Batch): Promise<void> {
    await ensureStage();
    for (const sql of CLEAR_STAGE_SQL) await store.run(sql);
    for (const name of EXPORT_NAMES) {
      if (batch[name] === '') continue;
      const file = store.stageFile(`${name}.csv`);
      await fs.writeFile(file, batch[name]);
      try {
        await store.run(readExportSql(name, file));
      } finally {
        await fs.rm(file, { force: true });
      }
    }
    const [cached] = await store.read<{ count: number }>(TERM_CACHE_SIZE_SQL);
    if ((cached?.count ?? 0) >= TERM_CACHE_MAX) await store.run(CLEAR_TERM_CACHE_SQL);
    await store.run(REUSE_TERMS_SQL);
  }

  // Stems the texts still without terms and writes the staged rows (to the `_load` twins when suffix '_load').
  async function writeBatch(suffix: string): Promise<void> {
    const texts = await store.read<{ text: string; language: string | null }>(STAGED_TEXTS_SQL);
    await store.append(
      'term_cache',
      [VARCHAR, VARCHAR, LIST(VARCHAR), PHRASE_LIST, PHRASE_LIST],
      texts.map((c) => {
        const phrases = commentPhrases(c.text, c.language);
        return [
          c.text,
          c.language,
          listValue(textTerms(c.text, c.language)),
          phraseList(phrases.words),
          phraseList(phrases.pairs),
        ];
      }),
    );
    for (const sql of insertBatchSql(suffix)) await store.run(sql);
  }

  // Writes rows of replica_state (the watermark, the churn, the database fingerprint) in one statement.
  async function saveState(values: Record<string, number>): Promise<void> {
    const names = Object.keys(values);
    await store.run(
      `INSERT OR REPLACE INTO replica_state VALUES ${names.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ')}`,
      names.flatMap((name) => [name, values[name]!]),
    );
  }

  async function sessionsMatch(): Promise<boolean> {
    const [pg] = await database.raw<{ count: number | string; max: number | string }>(
      'SELECT count(*) AS count, coalesce(max(id), 0) AS max FROM sessions',
    );
    const [replica] = await store.read<{ count: number; max: number }>(
      'SELECT count(*) AS count, coalesce(max(session_id), 0) AS max FROM sessions',
    );
    return Number(pg?.count) === replica?.count && Number(pg?.max) === replica?.max;
  }

  async function databaseFingerprint(): Promise<number> {
    const [oid] = await database.raw<{ id: string }>(DATABASE_OID_SQL);
    // pg_control_system() may be closed to a restricted role; the oid alone still tells most resets apart.
    const system = await database.raw<{ id: string }>(SYSTEM_ID_SQL).catch(() => []);
    const text = `${system[0]?.id ?? ''}/${oid?.id ?? ''}`;
    let hash = 0;
    for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 2 ** 48;
    return hash;
  }

  // The last op of each id decides: after a deletion there is nothing to read back (ids are never reused).
  function lastOps(changes: Change[]): { ids: number[]; gone: Map<number, boolean> } {
    const gone = new Map<number, boolean>();
    for (const change of changes) gone.set(change.sessionId, GONE_OPS.has(change.op));
    return { ids: [...gone.keys()], gone };
  }

  const EMPTY_BATCH = Object.fromEntries(EXPORT_NAMES.map((name) => [name, ''])) as Batch;

  // Upserts the changed sessions and invitations, batchSize at a time, each batch in one DuckDB transaction.
  async function applyChanges(changes: Change[]): Promise<number> {
    const sessionChanges = lastOps(changes.filter((c) => !INVITATION_OPS.has(c.op)));
    for (let i = 0; i < sessionChanges.ids.length; i += batchSize) {
      const ids = sessionChanges.ids.slice(i, i + batchSize);
      const alive = ids.filter((id) => !sessionChanges.gone.get(id));
      const batch = alive.length > 0 ? await exportBatch('ids', [alive]) : EMPTY_BATCH;
      await store.transaction(async () => {
        await stageBatch(batch);
        await store.run(
          `CREATE OR REPLACE TEMP TABLE batch_ids AS SELECT unnest($1::BIGINT[]) AS session_id`,
          [ids],
        );
        for (const table of SESSION_TABLES) {
          await store.run(`DELETE FROM ${table} WHERE session_id IN (SELECT session_id FROM batch_ids)`);
        }
        await writeBatch('');
      });
    }
    const invitationChanges = lastOps(changes.filter((c) => INVITATION_OPS.has(c.op)));
    for (let i = 0; i < invitationChanges.ids.length; i += batchSize) {
      const ids = invitationChanges.ids.slice(i, i + batchSize);
      const alive = ids.filter((id) => !invitationChanges.gone.get(id));
      const csv = alive.length > 0 ? await exportInvitations('ids', [alive]) : '';
      await store.transaction(async () => {
        await stageInvitations(csv);
        await store.run('DELETE FROM invitations WHERE invitation_id = ANY($1::BIGINT[])', [ids]);
        await store.run(insertInvitationsSql());
      });
    }
    return sessionChanges.ids.length + invitationChanges.ids.length;
  }

  async function exportInvitations(selection: SessionSelection, params: unknown[]): Promise<string> {
    const [row] = await database.raw<{ csv: string }>(invitationExportSql(selection), params);
    return row?.csv ?? '';
  }

  async function stageInvitations(csv: string): Promise<void> {
    await ensureStage();
    await store.run(CLEAR_INVITATION_STAGE_SQL);
    if (csv === '') return;
    const file = store.stageFile('invitations.csv');
    await fs.writeFile(file, csv);
    try {
      await store.run(readExportSql('invitations', file));
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async function drain(): Promise<number> {
    if (!cursor) throw new Error('the analytics replica is not ready: call ensureReady() first');
    const pass = cursor.beginPass();
    let sessions = 0;
    for (;;) {
      const { page, changes } = await readChanges(pass.after);
      const pending = new Set(pass.page(page));
      const todo = changes.filter((c) => pending.has(c.seq));
      if (todo.length > 0) sessions += await applyChanges(todo);
      cursor.markApplied(pending);
      if (changes.length < CHANGES_PAGE) break;
    }
    const before = cursor.watermark;
    const after = cursor.advance();
    churn += sessions;
    if (after !== before || sessions > 0) await saveState({ last_seq: after, [CHURN_STATE]: churn });
    return sessions;
  }

  // Builds each table sorted beside the live one (`from` → `${table}_next`), then swaps all in one transaction.
  async function sortAndSwap(source: (table: string) => string, seq?: number): Promise<void> {
    for (const table of STORED_TABLES) {
      await store.run(`DROP TABLE IF EXISTS ${table}_next`);
      await store.run(replicaTableDdl(table, `${table}_next`));
      await store.run(
        `INSERT INTO ${table}_next SELECT * FROM ${source(table)} ORDER BY ${SORT_ORDER[table]}`,
      );
    }
    await store.transaction(async () => {
      for (const table of STORED_TABLES) {
        await store.run(`DROP TABLE ${table}`);
        await store.run(`ALTER TABLE ${table}_next RENAME TO ${table}`);
      }
      await saveState({
        [CHURN_STATE]: 0,
        ...(seq !== undefined && { last_seq: seq, database: await databaseFingerprint() }),
      });
    });
    churn = 0;
    sortedSessions = await countSessions();
    await store.run('CHECKPOINT');
  }

  const rebuild = (onProgress?: (progress: RebuildProgress) => void) =>
    withSortMemory(() => rebuildSorted(onProgress));

  async function rebuildSorted(onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult> {
    const started = performance.now();
    // Where the change sequence stands. Every change visible now is covered by the data read below, so it
    // counts as applied; one still in flight below the end shows up as a gap and is applied when it commits.
    const [end] = await database.raw<{ max: number | string }>(CHANGE_HEAD_SQL);
    const next = createChangeCursor(Math.max(0, Number(end?.max ?? 0) - REBUILD_TAIL));
    const pass = next.beginPass();
    for (;;) {
      const { page, changes } = await readChanges(pass.after);
      next.markApplied(pass.page(page));
      if (changes.length < CHANGES_PAGE) break;
    }
    next.advance();

    for (const table of STORED_TABLES) {
      await store.run(`DROP TABLE IF EXISTS ${table}_load`);
      await store.run(replicaTableDdl(table, `${table}_load`));
    }
    const [total] = await database.raw<{ count: number | string }>('SELECT count(*) AS count FROM sessions');
    const totalSessions = Number(total?.count ?? 0);

    // Keyset pages by session id. PostgreSQL renders the next page while DuckDB loads this one.
    const fetchPage = async (after: number) => {
      const [bounds] = await database.raw<{ hi: number | string | null; n: number | string }>(
        'SELECT max(id) AS hi, count(*) AS n FROM (SELECT id FROM sessions WHERE id > $1 ORDER BY id LIMIT $2) p',
        [after, REBUILD_PAGE],
      );
      if (bounds?.hi === null || bounds?.hi === undefined) return null;
      const hi = Number(bounds.hi);
      return { hi, count: Number(bounds.n), batch: await exportBatch('range', [after, hi]) };
    };
    let sessions = 0;
    let pending = fetchPage(0);
    for (;;) {
      const page = await pending;
      if (!page) break;
      pending = fetchPage(page.hi);
      pending.catch(() => undefined); // awaited on the next turn; keeps a failure from being "unhandled" meanwhile
      await stageBatch(page.batch);
      await writeBatch('_load');
      sessions += page.count;
      onProgress?.({ sessions, totalSessions });
    }

    await loadInvitations();
    await sortAndSwap((table) => `${table}_load`, next.watermark);
    for (const table of STORED_TABLES) await store.run(`DROP TABLE ${table}_load`);
    cursor = next;

    const [counts] = await store.read<{ facts: number; comments: number; sessions: number }>(
      'SELECT (SELECT count(*) FROM facts) AS facts, (SELECT count(*) FROM comments) AS comments, ' +
        '(SELECT count(*) FROM sessions) AS sessions',
    );
    const result = {
      sessions: counts?.sessions ?? 0,
      facts: counts?.facts ?? 0,
      comments: counts?.comments ?? 0,
      seconds: Math.round(performance.now() - started) / 1000,
    };
    logger.info(result, 'analytics replica rebuilt');
    return result;
  }

  // Every invitation into `invitations_load`, in keyset pages by invitation id.
  async function loadInvitations(): Promise<void> {
    let after = 0;
    for (;;) {
      const [bounds] = await database.raw<{ hi: number | string | null }>(
        'SELECT max(id) AS hi FROM (SELECT id FROM invitations WHERE id > $1 ORDER BY id LIMIT $2) p',
        [after, REBUILD_PAGE],
      );
      if (bounds?.hi === null || bounds?.hi === undefined) return;
      const hi = Number(bounds.hi);
      await stageInvitations(await exportInvitations('range', [after, hi]));
      await store.run(insertInvitationsSql('_load'));
      after = hi;
    }
  }

  return {
    async ensureReady(onProgress) {
      if (cursor) return;
      const state = new Map(
        (await store.read<{ name: string; value: number }>('SELECT name, value FROM replica_state')).map(
          (r) => [r.name, r.value],
        ),
      );
      const lastSeq = state.get('last_seq');
      churn = state.get(CHURN_STATE) ?? 0;
      const [end] = await database.raw<{ max: number | string }>(CHANGE_HEAD_SQL);
      let reason: string | undefined;
      if (lastSeq === undefined) reason = 'the replica is new';
      else if (state.get('database') !== (await databaseFingerprint())) reason = 'it copies another database';
      else if (lastSeq > Number(end?.max ?? 0)) reason = 'it is ahead of the database';
      if (reason !== undefined || lastSeq === undefined) {
        logger.info({ reason }, 'analytics replica: rebuilding from the database');
        await rebuild(onProgress);
        return;
      }
      cursor = createChangeCursor(lastSeq);
      sortedSessions = await countSessions();
      // A bulk load skips the change log (loupe.bulk_load) and is meant to be followed by a rebuild; if that did
      // not happen, the sessions tell: compare after catching up (twice, in case writers were busy meanwhile).
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await drain();
        if (await sessionsMatch()) return;
      }
      logger.info({ reason: 'sessions changed without the change log' }, 'analytics replica: rebuilding');
      await rebuild(onProgress);
    },
    drain,
    rebuild,
    compact: () =>
      withSortMemory(async () => {
        const started = performance.now();
        const changed = churn;
        await sortAndSwap((table) => table);
        logger.info(
          { changed, seconds: Math.round(performance.now() - started) / 1000 },
          'analytics replica compacted',
        );
      }),
    appliedSeq: () => cursor?.watermark,
    churn: () => churn,
    sortedSessions: () => sortedSessions,
  };
}
