import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { guardPglite, type PgliteGuardOptions } from './pglite-guard.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A row-returning SQL call on the raw driver, for bulk work (COPY, set-based loads) Drizzle does not cover. */
type RawQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** One statement's answer as node-postgres gives it, which is what pg-boss reads. */
export type SqlResult = { rows: unknown[]; rowCount: number | null };

/**
 * SQL as pg-boss hands it over (its `db` option, jobs/job-queue.ts): one statement with `$n` parameters, or
 * several statements without parameters, whose answer is the last one's.
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

type CopyOptions = {
  /**
   * Runs the load with `loupe.bulk_load = 'on'` so the analytics change-log triggers skip it; the caller then
   * rebuilds the replica.
   */
  bulkLoad?: boolean;
  /**
   * The rows are known to be consistent (generated together with what they reference): skip foreign-key
   * checks and triggers for the load, which makes COPY several times faster. Needs a superuser connection
   * (always true for PGlite); without one the checks run as usual.
   */
  trusted?: boolean;
};

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  raw: RawQuery;
  /** The node-postgres pool when running on PostgreSQL (COPY streams need it). */
  pool: pg.Pool | undefined;
  /** Brings the schema up to date; under the start-up lock, so that nodes starting together migrate once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` holding the installation's start-up lock (a PostgreSQL advisory lock on a connection of its own;
   * PGlite has one process): several nodes starting at once on one database (docs/scaling.md) migrate it and
   * create the job queue's schema one after the other, not into each other.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Outside any transaction, on its own connection (PostgreSQL) or in turn (PGlite): see ExecuteSql. */
  executeSql: ExecuteSql;
  /**
   * Whether the database answers `SELECT 1` with its row. A broken embedded connection is reopened from its
   * files first when it can be (see pglite-guard.ts); false means the process should not serve.
   */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Bulk-loads rows with COPY in one transaction. Each item is CSV text without its final line break: one row,
   * or several rows joined by line breaks; values in the order of `columns`. Returns the number of rows loaded.
   */
  copyRows(
    table: string,
    columns: readonly string[],
    rows: AsyncIterable<string> | Iterable<string>,
    options?: CopyOptions,
  ): Promise<number>;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// PostgreSQL returns bigint and numeric as strings by default; counts in this app fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type DatabaseOptions = {
  /** postgres://… to use a server; undefined for embedded PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; undefined keeps them in memory (tests). */
  dataDir: string | undefined;
  /** Test hook: the parameter limit the PGlite guard checks (see pglite-guard.ts). */
  pgliteMaxParameters?: PgliteGuardOptions['maxParameters'];
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.pgliteMaxParameters);
}

/** The advisory lock key of `startupLock` (any constant of this application's own). */
const STARTUP_LOCK = 0x4c6f7570; // 'Loup'

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const startupLock = async <T>(work: () => Promise<T>): Promise<T> => {
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work();
    } finally {
      const unlocked = await lock.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).then(
        () => true,
        () => false,
      );
      // A connection that could not unlock may still hold the lock: destroyed, not returned to the pool.
      lock.release(!unlocked);
    }
  };
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    raw: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    // The first node migrates; the others wait on the lock, then find nothing left to do. Drizzle's migrator takes
    // no lock of its own.
    migrate: () => startupLock(() => migratePg(drizzlePg(pool, { schema }), { migrationsFolder })),
    startupLock,
    executeSql: async (text, values) => lastResult(await pool.query(text, values)),
    healthy: async () => {
      try {
        const { rows } = await pool.query<{ ok: number }>('SELECT 1 AS ok');
        return rows[0]?.ok === 1;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
    copyRows: (table, columns, rows, options = {}) => copyRowsPostgres(pool, table, columns, rows, options),
  };
}

/**
 * The contrib extensions the migrations create (PGlite builds each one apart and loads only those named here):
 * pg_trgm for the invitee pool's name search index (migration 0026).
 */
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

async function openPglite(
  dataDir: string | undefined,
  maxParameters: number | undefined,
): Promise<DatabaseHandle> {
  let open: () => Promise<PGlite>;
  let reopen: (() => Promise<PGlite>) | undefined;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    open = () => PGlite.create(dir, PGLITE_OPTIONS);
    reopen = open;
  } else {
    open = () => PGlite.create(PGLITE_OPTIONS);
  }
  // Every statement goes through the guard: it refuses oversized statements and notices a broken connection.
  const guard = guardPglite(await open(), { reopen, maxParameters });
  const client = guard.client;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    raw: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    startupLock: (work) => work(),
    // PGlite's query() takes one statement; exec() takes several, without parameters.
    executeSql: async (text, values) =>
      lastResult(values?.length ? await client.query(text, values) : await client.exec(text)),
    healthy: () => guard.healthy(),
    close: () => guard.close(),
    copyRows: (table, columns, rows, options = {}) => copyRowsPglite(client, table, columns, rows, options),
  };
}

type DriverResult = { rows: unknown[]; rowCount?: number | null; affectedRows?: number };

/** A driver's answer as node-postgres gives it for one statement; for several, the last one's. */
export function lastResult(result: DriverResult | DriverResult[]): SqlResult {
  const last = Array.isArray(result) ? result.at(-1) : result;
  const rows = last?.rows ?? [];
  return { rows, rowCount: last?.rowCount ?? last?.affectedRows ?? rows.length };
}

// Characters per COPY statement on PGlite: each statement's input is one in-memory blob.
const PGLITE_COPY_CHUNK_CHARS = 8_000_000;
// Characters per write on the PostgreSQL COPY stream.
const POSTGRES_COPY_PIECE_CHARS = 256_000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const copyStatement = (table: string, columns: readonly string[]) =>
  `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN WITH (FORMAT csv)`;

/** Groups CSV items into newline-terminated text pieces of about `size` characters. */
async function* textPieces(
  rows: AsyncIterable<string> | Iterable<string>,
  size: number,
): AsyncGenerator<string> {
  let piece: string[] = [];
  let length = 0;
  for await (const row of rows) {
    piece.push(row);
    length += row.length + 1;
    if (length >= size) {
      yield piece.join('\n') + '\n';
      piece = [];
      length = 0;
    }
  }
  if (piece.length > 0) yield piece.join('\n') + '\n';
}

async function copyRowsPglite(
  client: PGlite,
  table: string,
  columns: readonly string[],
  rows: AsyncIterable<string> | Iterable<string>,
  options: CopyOptions,
): Promise<number> {
  // PGlite reads COPY input from an attached blob at the pseudo-file /dev/blob.
  const statement = copyStatement(table, columns).replace('FROM STDIN', "FROM '/dev/blob'");
  return client.transaction(async (tx) => {
    if (options.bulkLoad) await tx.query("SET LOCAL loupe.bulk_load = 'on'");
    if (options.trusted) await tx.query('SET LOCAL session_replication_role = replica');
    let count = 0;
    for await (const piece of textPieces(rows, PGLITE_COPY_CHUNK_CHARS)) {
      const result = await tx.query(statement, [], { blob: new Blob([piece]) });
      count += result.affectedRows ?? 0;
    }
    return count;
  });
}

async function copyRowsPostgres(
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
  rows: AsyncIterable<string> | Iterable<string>,
  options: CopyOptions,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    if (options.bulkLoad) await client.query("SET LOCAL loupe.bulk_load = 'on'");
    if (options.trusted) {
      const [role] = (
        await client.query<{ on: boolean }>("SELECT current_setting('is_superuser') = 'on' AS on")
      ).rows;
      if (role?.on) await client.query('SET LOCAL session_replication_role = replica');
    }
    const stream = client.query(copyFrom(copyStatement(table, columns)));
    await pipeline(Readable.from(textPieces(rows, POSTGRES_COPY_PIECE_CHARS)), stream);
    await client.query('COMMIT');
    client.release();
    return stream.rowCount;
  } catch (error) {
    // A failed COPY leaves the connection mid-protocol: drop it rather than return it to the pool.
    await client.query('ROLLBACK').catch(() => {});
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
