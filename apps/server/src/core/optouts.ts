import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * The one rule of an opt-out in force (docs/optouts.md "Active"): an optouts row of the tenant stops a customer
 * while it is for ever (`is_forever`) or its `until_date` lies after the moment of the check. Emails are compared
 * lower-cased, MSISDNs as they are. Every reader of optouts (invitation sending, import elimination, the
 * respondent pages) builds its SQL from here, so the rule cannot drift between them.
 */

/** The moment of a check: the database's now() unless the caller's clock is given. */
const momentOf = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/** Whether an opt-out with these columns is in force at `at` (now when absent): THE rule. */
export function optoutActiveOn(isForever: SQLWrapper, untilDate: SQLWrapper, at?: Date): SQL {
  return sql`(${isForever} OR ${untilDate} > ${momentOf(at)})`;
}

/** Whether the optouts row aliased `o` is in force at `at` (now when absent). */
const optoutActive = (at?: Date): SQL => optoutActiveOn(sql`o.is_forever`, sql`o.until_date`, at);

/**
 * `SELECT` of the addresses (emails lower-cased, or MSISDNs) of the tenant's opt-outs in force; `orAlso` adds
 * rows that hold by another rule of the caller's (the import's CATI opt-out frequencies), over the same alias `o`.
 */
export function activeOptoutAddresses(
  tenant: SQL,
  key: 'email' | 'msisdn',
  { at, orAlso }: { at?: Date; orAlso?: SQL } = {},
): SQL {
  const column = key === 'email' ? sql`lower(o.email)` : sql`o.msisdn`;
  const active = orAlso ? sql`(${optoutActive(at)} OR ${orAlso})` : optoutActive(at);
  return sql`SELECT ${column} FROM optouts o WHERE o.tenant_id = ${tenant} AND ${column} IS NOT NULL AND ${active}`;
}

/** `EXISTS` over the tenant's opt-outs in force that match an email or MSISDN (SQL values or columns). */
export function optedOutSql(tenant: SQL, email: SQL, msisdn: SQL, at?: Date): SQL {
  return sql`EXISTS (
  SELECT 1 FROM optouts o WHERE o.tenant_id = ${tenant} AND ${optoutActive(at)}
    AND ((${email} IS NOT NULL AND lower(o.email) = lower(${email})) OR (${msisdn} IS NOT NULL AND o.msisdn = ${msisdn})))`;
}
