import { and, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/executor.js';

/** `%`, `_` and `\` in the caller's text match themselves in a LIKE pattern, not any characters. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern for "contains the caller's text". */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** Names compare without regard to case, as sign-in and the screens do: "NPS" and "nps" are the same name. */
export const sameName = (column: Column, name: string): SQL => sql`lower(${column}) = lower(${name})`;

/**
 * Whether a row other than `exceptId` matches `where` in the table of the `id` column: a name or key already
 * taken. `exceptId` is the row being saved (none on create).
 */
export async function isTaken(
  executor: Executor,
  id: PgColumn,
  where: SQL | undefined,
  exceptId?: number | string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id })
    .from(id.table)
    .where(and(where, exceptId === undefined ? undefined : ne(id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a row other than `exceptId` among `scope` already has `name`, compared as `sameName` does: a name taken
 * in the caller's list. `table` names the id and name columns.
 */
export const isNameTaken = (
  executor: Executor,
  table: { id: PgColumn; name: Column },
  name: string,
  scope: SQL | undefined,
  exceptId?: number,
): Promise<boolean> => isTaken(executor, table.id, and(scope, sameName(table.name, name)), exceptId);

/** The id an `insert(…).values(…).returning({ id })` gave back (`what` names the record if it gave none). */
export async function insertedId<T>(insert: PromiseLike<{ id: T }[]>, what: string): Promise<T> {
  const [row] = await insert;
  if (!row) throw new Error(`${what} insert returned nothing`);
  return row.id;
}

/** The figure of a `select({ n: count() })`: a grid's Count (0 when the query answers no row). */
export async function countOf(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}
