import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';

/** The rows of a raw statement (node-postgres and PGlite both answer `execute` with `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
