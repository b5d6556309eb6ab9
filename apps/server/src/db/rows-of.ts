import type { SQL } from 'drizzle-orm';
import type { Executor } from './executor.js';

/**
 * The rows of a raw statement. Both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`; the
 * generic database type does not know which one it holds.
 */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
