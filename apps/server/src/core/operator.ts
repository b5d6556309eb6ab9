import { eq } from 'drizzle-orm';
import { ErrorCode, SecurityLevel, isOperatorScope } from '@loupe/contracts';
import type { Executor } from '../db/executor.js';
import { users } from '../db/schema/index.js';
import { AppError, badRequest } from '../errors.js';
import type { Actor } from './actor.js';

/*
 * Tenancy and no escalation (ARCHITECTURE §3): only tenantless installation operators (security level 0) act
 * across tenants; nobody hands out a scope they do not hold. Services call these, so jobs and scripts get the
 * same rules as the routes.
 */

/**
 * Whether the caller is an installation operator: tenantless and of security level 0 (read from its user row,
 * not the token). Pass the open transaction as `executor` inside one (PGlite has a single connection).
 */
export async function isOperator(executor: Executor, actor: Actor): Promise<boolean> {
  if (actor.tenantId !== null) return false;
  const [row] = await executor
    .select({ securityLevel: users.securityLevel })
    .from(users)
    .where(eq(users.id, actor.userId));
  return row?.securityLevel === SecurityLevel.Alterna;
}

/**
 * 403 14005 for whoever may not act on another tenant: the same answer whether that tenant exists or not, so
 * tenant ids cannot be probed.
 */
export const tenantChangeNotAllowed = (): AppError => new AppError(403, ErrorCode.TenantChangeNotAllowed);

/** Whether a role may hold operator scopes: only a tenantless role of security level 0. */
export const mayHoldOperatorScopes = (role: { tenantId: number | null; securityLevel: number }): boolean =>
  role.tenantId === null && role.securityLevel === SecurityLevel.Alterna;

/**
 * Refuses scopes a role or client may not hold: an operator scope where `operatorScopesAllowed` is false (400
 * 10006) and, when `grantedBy` is given, a newly granted scope the caller does not hold itself (403 10013).
 * `kept` are scopes the record holds already, which an edit may leave in place.
 */
export function assertScopesGrantable({
  operatorScopesAllowed,
  scopes,
  kept = [],
  grantedBy,
}: {
  operatorScopesAllowed: boolean;
  scopes: readonly string[];
  kept?: readonly string[];
  grantedBy?: Actor;
}): void {
  const operatorOnly = operatorScopesAllowed ? [] : scopes.filter(isOperatorScope);
  if (operatorOnly.length > 0)
    throw badRequest(
      ErrorCode.AlternaRoleScopes,
      operatorOnly.map((scope) => ({ Path: 'Scopes', Message: scope })),
    );
  if (!grantedBy) return;
  const notHeld = scopes.filter((scope) => !kept.includes(scope) && !grantedBy.scopes.includes(scope));
  if (notHeld.length > 0)
    throw new AppError(
      403,
      ErrorCode.ScopeNotHeld,
      notHeld.map((scope) => ({ Path: 'Scopes', Message: scope })),
    );
}
