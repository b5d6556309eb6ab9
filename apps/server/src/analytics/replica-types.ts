import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';

// The replica's types that both its store (replica.ts) and its sync (sync.ts) use, so that the sync does not
// import replica.ts, which starts it.

/** A bind parameter of a replica query. Arrays bind as DuckDB lists; Dates as TIMESTAMP of their UTC wall clock. */
export type ReplicaParam = string | number | boolean | null | Date | readonly (string | number | boolean)[];
export type ReplicaParams = readonly ReplicaParam[] | Readonly<Record<string, ReplicaParam>>;

/** The DuckDB side of the replica: one writer connection (used only by the sync) and pooled readers. */
export type ReplicaStore = {
  /** Runs a statement on the writer connection. */
  run(sql: string, params?: ReplicaParams): Promise<void>;
  /** Reads on the writer connection (sees its open transaction). */
  read<T = Record<string, unknown>>(sql: string, params?: ReplicaParams): Promise<T[]>;
  /** Runs `work` in one writer transaction, rolled back when it throws. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * The data version: counts the committed writer transactions. Every change to the replica's tables (a sync
   * batch, the swap of a rebuild or compaction) commits in one, so equal versions mean equal contents.
   */
  version(): number;
  /** Appends rows to a temp table of the writer connection with DuckDB's appender. */
  append(
    table: string,
    types: readonly DuckDBType[],
    rows: readonly (readonly DuckDBValue[])[],
  ): Promise<void>;
  /** A path for a scratch file the sync hands to DuckDB (read_csv); unique per call, removed on close. */
  stageFile(name: string): string;
  /** Reads on a connection of its own, so widget queries never wait for the writer. */
  query<T = Record<string, unknown>>(sql: string, params?: ReplicaParams): Promise<T[]>;
  close(): void;
};

export type RebuildProgress = { sessions: number; totalSessions: number };
export type RebuildResult = { sessions: number; facts: number; comments: number; seconds: number };
