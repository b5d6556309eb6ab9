import { lastResult, type ExecuteSql, type SqlResult } from './client.js';
import type { Executor } from './executor.js';

type DriverClient = { query(text: string, values?: unknown[]): Promise<Parameters<typeof lastResult>[0]> };

/**
 * ExecuteSql inside an open Drizzle transaction, so that pg-boss writes a job in the same transaction as the
 * change it follows: the job exists only if that commits. Drizzle keeps the transaction's driver client
 * (node-postgres's pooled connection, or PGlite's transaction) on its session and has no public call that runs
 * `$n` SQL as written; jobs/job-queue.test.ts covers both engines.
 */
export function transactionSql(tx: Executor): ExecuteSql {
  const { client } = (tx as unknown as { _: { session: { client?: Partial<DriverClient> } } })._.session;
  if (typeof client?.query !== 'function') throw new Error('no driver client on this Drizzle transaction');
  const driver = client as DriverClient;
  return async (text, values): Promise<SqlResult> => lastResult(await driver.query(text, values));
}
