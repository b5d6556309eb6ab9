import pg from 'pg';

/** The URL of database `name` on the PostgreSQL server `server`. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates the benchmark database `name` on `server` unless it exists (kept between runs). */
export async function ensureDatabase(server: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
}

/**
 * Drops database `name` on `server`, ending its sessions first (a pool's `end()` resolves before its sockets close,
 * and a server process killed a moment ago may still hold one).
 */
export async function dropDatabase(server: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh copy of database `template` as `name` (dropped first if there): each run starts from the same rows.
 * PostgreSQL copies the files, seconds for a 100,000-session dataset; nobody may be connected to the template.
 */
export async function copyDatabase(server: string, template: string, name: string): Promise<void> {
  await dropDatabase(server, name);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
}

/** The options every benchmark on a `loupe_bench_<N>` dataset reads (node:util parseArgs). */
export const DATASET_OPTIONS = {
  responses: { type: 'string', default: '1000000' },
  runs: { type: 'string', default: '20' },
  server: {
    type: 'string',
    default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  },
  'data-dir': { type: 'string', default: '/var/tmp/loupe-bench' },
} as const;
