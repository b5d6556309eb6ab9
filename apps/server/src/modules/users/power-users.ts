import { and, eq, ne } from 'drizzle-orm';
import { type ErrorCode, SecurityLevel } from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { licenses, users } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { activeUsersOf, countUsers } from './user-counts.js';

/** The codes that report a full power-user licence, one per operation (shell spec §8). */
export type PowerUserLimitCode =
  | typeof ErrorCode.PowerUserLimitOnCreate
  | typeof ErrorCode.PowerUserLimitOnUpdate
  | typeof ErrorCode.RolePowerUserLimit
  | typeof ErrorCode.UserActivationPowerUserLimit;

/**
 * Active power users (security level 1) of a tenant, test users included; `excludeUserId` leaves out the user
 * being changed.
 */
export async function countActivePowerUsers(
  db: Executor,
  tenantId: number,
  excludeUserId?: number,
): Promise<number> {
  return countUsers(
    db,
    and(
      activeUsersOf(tenantId),
      eq(users.securityLevel, SecurityLevel.Power),
      excludeUserId === undefined ? undefined : ne(users.id, excludeUserId),
    ),
  );
}

/**
 * Refuses with `code` (409) when `adding` more active power users would exceed the tenant's licence
 * (`licenses.power_user_limit`, 0 = unlimited; a tenant without a licence row has no cap). Inside a
 * transaction the licence row stays locked until commit, so two concurrent saves cannot both take the last
 * place. Tenantless users (null) are never capped.
 */
export async function assertPowerUserCapacity(
  db: Executor,
  options: { tenantId: number | null; code: PowerUserLimitCode; adding?: number; excludeUserId?: number },
): Promise<void> {
  const { tenantId, code, adding = 1, excludeUserId } = options;
  if (tenantId === null || adding <= 0) return;
  const [licence] = await db
    .select({ limit: licenses.powerUserLimit })
    .from(licenses)
    .where(eq(licenses.tenantId, tenantId))
    .for('update');
  if (!licence || licence.limit <= 0) return;
  const current = await countActivePowerUsers(db, tenantId, excludeUserId);
  if (current + adding > licence.limit) throw conflict(code);
}
