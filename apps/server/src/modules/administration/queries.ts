import { and, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridPageRequest } from '../../grid/grid-routes.js';

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

/** A grid page of a dynamic select (`….$dynamic()`): its WHERE, ORDER BY, LIMIT and OFFSET. */
export const pageOf = <Q extends PgSelect>(query: Q, page: GridPageRequest): Q =>
  query
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);

/** The figure of a `select({ n: count() })`: a grid's Count (0 when the query answers no row). */
export async function countOf(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/**
 * A grid's select list taken from its whitelist: each field's SQL under the field's own name, so the rows come
 * back in the item's shape. Declare the fields `satisfies GridFields` to keep each column's type.
 */
export function selectionOf<F extends GridFields>(fields: F): { [K in keyof F]: F[K]['sql'] } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.sql])) as {
    [K in keyof F]: F[K]['sql'];
  };
}
