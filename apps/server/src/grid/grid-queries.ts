import type { PgSelect } from 'drizzle-orm/pg-core';
import type { GridFields } from './grid-fields.js';
import type { GridPageRequest } from './grid-routes.js';

/** A grid page of a dynamic select (`….$dynamic()`): its WHERE, ORDER BY, LIMIT and OFFSET. */
export const pageOf = <Q extends PgSelect>(query: Q, page: GridPageRequest): Q =>
  query
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);

/**
 * A grid's select list taken from its whitelist: each field's SQL under the field's own name, so the rows come
 * back in the item's shape. Declare the fields `satisfies GridFields` to keep each column's type.
 */
export function selectionOf<F extends GridFields>(fields: F): { [K in keyof F]: F[K]['sql'] } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.sql])) as {
    [K in keyof F]: F[K]['sql'];
  };
}
