import { AppError } from '../errors.js';

/** The signed-in caller, as services see it. Every query a service makes is scoped to `tenantId`. */
export type Actor = {
  userId: number;
  tenantId: number | null;
  userName: string;
  scopes: readonly string[];
  clientId: string;
  /** The sign-in (refresh-token family) of the caller's token, when the token names it. */
  sessionId?: string;
};

/** For services: the caller's tenant, refusing tenantless callers where a tenant is required. */
export function requireTenant(actor: Actor): number {
  if (actor.tenantId === null) throw new AppError(403, 2100);
  return actor.tenantId;
}
