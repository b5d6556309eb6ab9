import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { users } from '../../db/schema/index.js';
import { countOf } from '../../core/queries.js';

/** The active users of a tenant, test users and every security level included. */
export const activeUsersOf = (tenantId: number): SQL =>
  and(eq(users.tenantId, tenantId), eq(users.isActive, true))!;

/** How many users `where` selects (all of them when undefined). */
export const countUsers = (executor: Executor, where: SQL | undefined): Promise<number> =>
  countOf(executor.select({ n: count() }).from(users).where(where));
