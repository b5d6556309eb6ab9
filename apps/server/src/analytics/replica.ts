import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  DuckDBInstance,
  DuckDBTypeId,
  INTEGER,
  JSDuckDBValueConverter,
  LIST,
  TIMESTAMP,
  VARCHAR,
  listValue,
  timestampValue,
  type DuckDBConnection,
  type DuckDBTimestampTZValue,
  type DuckDBType,
  type DuckDBValue,
  type DuckDBValueConverter,
  type JS,
} from '@duckdb/node-api';
import type { DatabaseHandle } from '../db/client.js';
import { REPLICA_DDL, STORED_TABLES } from './replica-schema.js';
import type {
  RebuildProgress,
  RebuildResult,
  ReplicaParam,
  ReplicaParams,
  ReplicaStore,
} from './replica-types.js';
import { CHANGE_HEAD_SQL, createReplicaSync, type ReplicaLogger } from './sync.js';

/** Where the replica keeps its file, under DATA_DIR. */
export function replicaFilePath(dataDir: string): string {
  return path.join(dataDir, 'analytics.duckdb');
}

// Results as plain JSON-able values: integers as numbers (replica ids and counts stay far below 2^53), instants
// (TIMESTAMPTZ) as ISO strings in UTC ('2026-03-29T22:30:00.000Z'), other TIMESTAMPs and DATEs as
// 'YYYY-MM-DDTHH:MM:SS' without a zone.
const WHOLE_NUMBERS = new Set([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);
const WALL_CLOCK = new Set([DuckDBTypeId.TIMESTAMP, DuckDBTypeId.DATE]);

const plainValue: DuckDBValueConverter<JS> = (value, type, converter) => {
  if (value === null) return null;
  if (WHOLE_NUMBERS.has(type.typeId)) return Number(value);
  if (WALL_CLOCK.has(type.typeId)) return String(value).replace(' ', 'T');
  if (type.typeId === DuckDBTypeId.TIMESTAMP_TZ)
    return new Date(Number((value as DuckDBTimestampTZValue).micros / 1000n)).toISOString();
  return JSDuckDBValueConverter(value, type, converter);
};

function paramType(value: ReplicaParam): DuckDBType | undefined {
  if (value instanceof Date) return TIMESTAMP;
  if (!Array.isArray(value)) return undefined;
  if (value.every((v) => typeof v === 'string')) return value.length === 0 ? LIST(INTEGER) : LIST(VARCHAR);
  if (value.every((v) => typeof v === 'boolean')) return LIST(BOOLEAN);
  if (value.every((v) => typeof v === 'number' && Number.isInteger(v))) {
    return value.every((v) => Math.abs(v as number) <= 2_147_483_647) ? LIST(INTEGER) : LIST(BIGINT);
  }
  return LIST(DOUBLE);
}

function paramValue(value: ReplicaParam): DuckDBValue {
  if (value instanceof Date) return timestampValue(BigInt(value.getTime()) * 1000n);
  if (Array.isArray(value)) return listValue(value as (string | number | boolean)[]);
  return value as DuckDBValue;
}

function bind(params: ReplicaParams | undefined) {
  if (!params) return { values: undefined, types: undefined };
  if (Array.isArray(params)) {
    const list = params as readonly ReplicaParam[];
    // An undefined entry lets DuckDB infer that parameter's type from its value.
    return { values: list.map(paramValue), types: list.map(paramType) as DuckDBType[] };
  }
  const record = params as Readonly<Record<string, ReplicaParam>>;
  const values: Record<string, DuckDBValue> = {};
  const types: Record<string, DuckDBType | undefined> = {};
  for (const [name, value] of Object.entries(record)) {
    values[name] = paramValue(value);
    types[name] = paramType(value);
  }
  return { values, types };
}

// A fingerprint of the table layout: a replica file written by another layout is dropped and rebuilt.
const SCHEMA_HASH = Number.parseInt(
  createHash('sha256').update(REPLICA_DDL.join(';')).digest('hex').slice(0, 12),
  16,
);

/** Opens (or creates) the DuckDB file, or an in-memory database for ':memory:', with the replica tables. */
export async function openReplicaStore(file: string, memoryLimit?: string): Promise<ReplicaStore> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  // Without a limit DuckDB may take 80 % of the machine's memory for its buffers (bench/RESULTS.md: 1.8 GB at 10M).
  const instance = await DuckDBInstance.create(file, memoryLimit ? { memory_limit: memoryLimit } : {});
  const writer = await instance.connect();
  // Times without a zone that meet an instant (a '2026-01-01 00:00' compared with a TIMESTAMPTZ) read as UTC, not
  // as the machine's zone, which DuckDB takes by default.
  await writer.run("SET GLOBAL TimeZone = 'UTC'");
  const idle: DuckDBConnection[] = [];
  const stageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-replica-'));
  let stageFiles = 0;
  let committed = 0;
  const open = new Set<DuckDBConnection>([writer]);

  const readOn = async <T>(connection: DuckDBConnection, sql: string, params?: ReplicaParams) => {
    const { values, types } = bind(params);
    const reader = await connection.runAndReadAll(sql, values, types);
    return reader.convertRowObjects(plainValue) as T[];
  };

  const store: ReplicaStore = {
    async run(sql, params) {
      const { values, types } = bind(params);
      await writer.run(sql, values, types);
    },
    read: (sql, params) => readOn(writer, sql, params),
    version: () => committed,
    async transaction(work) {
      await writer.run('BEGIN TRANSACTION');
      try {
        const result = await work();
        await writer.run('COMMIT');
        committed += 1;
        return result;
      } catch (error) {
        await writer.run('ROLLBACK');
        throw error;
      }
    },
    async append(table, types, rows) {
      const appender = await writer.createAppender(table, 'main', 'temp');
      try {
        for (const row of rows) {
          row.forEach((value, i) => appender.appendValue(value, types[i]));
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
    stageFile: (name) => path.join(stageDir, `${++stageFiles}-${name}`),
    async query(sql, params) {
      const connection = idle.pop() ?? (await instance.connect());
      open.add(connection);
      try {
        return await readOn(connection, sql, params);
      } finally {
        idle.push(connection);
      }
    },
    close() {
      for (const connection of open) connection.closeSync();
      open.clear();
      instance.closeSync();
      fs.rmSync(stageDir, { recursive: true, force: true });
    },
  };

  await prepareSchema(store);
  return store;
}

async function prepareSchema(store: ReplicaStore): Promise<void> {
  await store.run(REPLICA_DDL[REPLICA_DDL.length - 1]!); // replica_state
  const [stored] = await store.read<{ value: number }>(
    `SELECT value FROM replica_state WHERE name = 'schema_hash'`,
  );
  if (stored && stored.value !== SCHEMA_HASH) {
    // Another layout: start over; the sync sees no last_seq and rebuilds from PostgreSQL.
    for (const table of STORED_TABLES) await store.run(`DROP TABLE IF EXISTS ${table}`);
    await store.run('DELETE FROM replica_state');
  }
  for (const ddl of REPLICA_DDL) await store.run(ddl);
  await store.run(`INSERT OR REPLACE INTO replica_state VALUES ('schema_hash', ${SCHEMA_HASH})`);
}

/** The analytics replica: DuckDB tables kept in step with PostgreSQL (ARCHITECTURE §2). */
export type AnalyticsReplica = {
  /**
   * Brings the replica up to date (rebuilding it when it is new, of another layout, or ahead of the database)
   * and starts following the change sequence, polling every `pollIntervalMs` when idle. `onProgress` hears of a
   * rebuild's pages (a new node builds its replica here, before it serves).
   */
  start(onProgress?: (progress: RebuildProgress) => void): Promise<void>;
  /** Stops following; waits for a batch in flight. */
  stop(): Promise<void>;
  /** Resolves once every change committed in PostgreSQL before the call is in the replica. */
  flush(): Promise<void>;
  /** Reloads every session from PostgreSQL beside the live tables, then swaps them in sorted. */
  rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult>;
  /** Re-sorts the tables by tenant, survey and time (facts also by measurement type) for DuckDB's zone maps. */
  compact(): Promise<void>;
  /**
   * Where the replica's contents stand: changes with every committed sync batch, rebuild or compaction, and only
   * then. A result computed after reading version v reflects at least every change of v (the widget result cache
   * keys on it).
   */
  version(): number;
  /**
   * How far the replica trails PostgreSQL's change sequence: changes committed there and not applied here
   * (0: caught up), or null before `start` has brought it up to date. One read of PostgreSQL.
   */
  lag(): Promise<number | null>;
  /** A read-only query on the replica; BIGINT/HUGEINT/DECIMAL come back as numbers, TIMESTAMP as local ISO text. */
  query<T = Record<string, unknown>>(sql: string, params?: ReplicaParams): Promise<T[]>;
  /** Sessions with an answered time, as PostgreSQL's `count(*) FROM sessions WHERE answered_at IS NOT NULL`. */
  answeredSessionCount(tenantId?: number): Promise<number>;
  /** Stops and closes DuckDB. The PostgreSQL handle stays open: it belongs to the caller. */
  close(): Promise<void>;
};

export type AnalyticsReplicaOptions = {
  database: DatabaseHandle;
  /** The DuckDB file (see `replicaFilePath`), or ':memory:' in tests. */
  path: string;
  logger?: ReplicaLogger;
  /** Idle poll interval of the sync loop; changes show within about this plus one batch. Default 250 ms. */
  pollIntervalMs?: number;
  /** Changed sessions per sync batch (one PostgreSQL export, one DuckDB transaction). Default 5000. */
  batchSize?: number;
  /**
   * Compact once this many sessions and invitations were re-read since the tables were last sorted, counted across
   * restarts, or `compactShare` of the replica's sessions when that is more (see `compactionDue`). Default 200 000.
   */
  compactAfter?: number;
  /** The share of the replica's sessions re-read that calls for a compaction, when above `compactAfter`. Default 0.2. */
  compactShare?: number;
  /** DuckDB's memory_limit, e.g. '2GB'; unset, DuckDB's own default (80 % of the machine). */
  memoryLimit?: string;
};

/** Changes below which a pass is mostly its fixed cost (over 70 % of it: about 500 sessions and their invitations). */
const SMALL_PASS_CHANGES = 1000;

/**
 * Whether the sync loop compacts now. A compaction sorts every row and holds the sync meanwhile (22.6 s at 1M
 * sessions, bench/RESULTS.md), while a fifth of a 1M replica re-read cost its widgets nothing measurable; so the
 * bound is a share of the replica (each re-read session pays the same part of a sort at 1M and at 10M), never
 * under `compactAfter`. Once reached, the compaction waits for a small pass, a lull in the flow of answers, so
 * that it does not hold back answers arriving in bulk; a flow that never lulls is compacted at twice the bound.
 */
export function compactionDue(
  state: { churn: number; sortedSessions: number; lastPass: number },
  bound: { compactAfter: number; compactShare: number },
): boolean {
  const due = Math.max(bound.compactAfter, bound.compactShare * state.sortedSessions);
  if (state.churn < due) return false;
  return state.lastPass < SMALL_PASS_CHANGES || state.churn >= 2 * due;
}

const silentLogger: ReplicaLogger = { info() {}, warn() {}, error() {} };

export async function createAnalyticsReplica(options: AnalyticsReplicaOptions): Promise<AnalyticsReplica> {
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const compaction = {
    compactAfter: options.compactAfter ?? 200_000,
    compactShare: options.compactShare ?? 0.2,
  };
  const store = await openReplicaStore(options.path, options.memoryLimit);
  const sync = createReplicaSync({
    database: options.database,
    store,
    logger,
    batchSize: options.batchSize ?? 5000,
    memoryLimit: options.memoryLimit,
  });

  // The writer side (sync, rebuild, compaction) runs one thing at a time.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let inFlight: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (!running) return;
    timer = setTimeout(() => {
      inFlight = tick();
    }, delay);
    timer.unref();
  };

  const tick = async () => {
    let delay = pollIntervalMs;
    try {
      const applied = await exclusive(async () => {
        await sync.ensureReady();
        return sync.drain();
      });
      const state = { churn: sync.churn(), sortedSessions: sync.sortedSessions(), lastPass: applied };
      if (compactionDue(state, compaction)) await exclusive(() => sync.compact());
      // More may be waiting: go again at once, unless the pass was small. A pass costs about 100 CPU-ms in DuckDB
      // whatever its size (bench/RESULTS.md, "The replica's sync during ingest"), so a trickle of commits (respondent
      // pages, small API batches) applied as it comes would spend a core on passes that are mostly that cost; it
      // waits the poll interval and is applied an interval's worth at a time. A bigger flow keeps its freshness.
      if (applied >= SMALL_PASS_CHANGES) delay = 0;
    } catch (error) {
      logger.error({ err: error }, 'analytics replica sync failed');
      delay = Math.max(pollIntervalMs, 1000);
    }
    schedule(delay);
  };

  const stop = async () => {
    running = false;
    if (timer) clearTimeout(timer);
    await inFlight;
    await exclusive(async () => {});
  };

  return {
    async start(onProgress) {
      if (running) return;
      await exclusive(() => sync.ensureReady(onProgress));
      running = true;
      schedule(0);
    },
    stop,
    flush: () =>
      exclusive(async () => {
        await sync.ensureReady();
        await sync.drain();
      }),
    rebuild: (onProgress) => exclusive(() => sync.rebuild(onProgress)),
    compact: () => exclusive(() => sync.compact()),
    version: () => store.version(),
    async lag() {
      const applied = sync.appliedSeq();
      if (applied === undefined) return null;
      const [end] = await options.database.raw<{ max: number | string }>(CHANGE_HEAD_SQL);
      return Math.max(0, Number(end?.max ?? 0) - applied);
    },
    query: (sql, params) => store.query(sql, params),
    async answeredSessionCount(tenantId) {
      const [row] = await store.query<{ count: number }>(
        `SELECT count(*) AS count FROM sessions WHERE answered_at IS NOT NULL AND ($1::INTEGER IS NULL OR tenant_id = $1)`,
        [tenantId ?? null],
      );
      return row?.count ?? 0;
    },
    async close() {
      await stop();
      store.close();
    },
  };
}
