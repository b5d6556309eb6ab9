import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import { eq, getTableName, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';

/** Names compare without regard to case: "NPS" and "nps" are the same experience, group or stage. */
export const sameName = (column: Column, name: string): SQL => sql`lower(${column}) = lower(${name})`;

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

/**
 * Runs `write`, turning what a concurrent save can still trip over after the service's checks into the refusal
 * those checks give: a unique violation (the same name saved meanwhile) into `onDuplicate()`, a foreign-key
 * violation (a row that started using the record meanwhile) into `onInUse()`.
 */
export async function refusingConflicts<T>(
  write: () => Promise<T>,
  refusals: { onDuplicate?: () => Error; onInUse?: () => Error },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (refusals.onDuplicate && isUniqueViolation(error)) throw refusals.onDuplicate();
    if (refusals.onInUse && isForeignKeyViolation(error)) throw refusals.onInUse();
    throw error;
  }
}
