import { and, eq, getTableName, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`, for correlated subqueries in a select list: on a query without joins Drizzle writes a
 * select-list SQL's columns unqualified, and an unqualified outer column inside the subquery would name the
 * inner table's column of that name.
 */
export const qualified = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Rows every tenant shares (no tenant) and the tenant's own. */
export const sharedOrOwn = (column: Column, tenantId: number): SQL =>
  or(isNull(column), eq(column, tenantId))!;

/** The row `id` of a table whose rows belong to one tenant, if it is the tenant's own. */
export const ownRow = (table: { id: Column; tenantId: Column }, tenantId: number, id: number): SQL =>
  and(eq(table.id, id), eq(table.tenantId, tenantId))!;
