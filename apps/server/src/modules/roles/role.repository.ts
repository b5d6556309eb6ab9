import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Scope, SecurityLevel } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { insertedId, isNameTaken } from '../../core/queries.js';
import { tenantIs } from '../../core/tenant-scope.js';

export type RoleRow = {
  id: number;
  tenantId: number | null;
  name: string;
  securityLevel: SecurityLevel;
  scopes: Scope[];
  createdAt: Date;
  userCount: number;
};

export type RoleValues = { name: string; securityLevel: SecurityLevel; scopes: Scope[] };

/** The roles of one tenant; a tenantless caller (an Alterna user) manages the tenantless roles. */
export const roleTenantIs = (tenantId: number | null): SQL => tenantIs(roles.tenantId, tenantId);

/** How many users hold the role, in any position. */
export const roleUserCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;
export const roleScopeCount = sql<number>`cardinality(${roles.scopes})`;

/** Each user's first role (lowest position, then lowest id): the user's role (shell spec §6). */
const firstRoles = sql`(select distinct on (user_id) user_id, role_id from ${userRoles} order by user_id, position, role_id)`;

export function createRoleRepository(db: Db) {
  return {
    /** The select list of a tenant's roles, by name. */
    listForSelect(tenantId: number | null) {
      return db
        .select({ id: roles.id, name: roles.name, securityLevel: roles.securityLevel })
        .from(roles)
        .where(roleTenantIs(tenantId))
        .orderBy(sql`lower(${roles.name})`, roles.id);
    },

    async find(executor: Executor, tenantId: number | null, id: number): Promise<RoleRow | undefined> {
      const [row] = await executor
        .select({
          id: roles.id,
          tenantId: roles.tenantId,
          name: roles.name,
          securityLevel: roles.securityLevel,
          scopes: roles.scopes,
          createdAt: roles.createdAt,
          userCount: roleUserCount,
        })
        .from(roles)
        .where(and(roleTenantIs(tenantId), eq(roles.id, id)));
      if (!row) return undefined;
      return { ...row, securityLevel: row.securityLevel as SecurityLevel, scopes: row.scopes as Scope[] };
    },

    /** Whether another role of the tenant already has the name, compared case-insensitively. */
    nameTaken: (executor: Executor, tenantId: number | null, name: string, exceptId?: number) =>
      isNameTaken(executor, roles, name, roleTenantIs(tenantId), exceptId),

    insert: (executor: Executor, tenantId: number | null, values: RoleValues): Promise<number> =>
      insertedId(
        executor
          .insert(roles)
          .values({ tenantId, ...values })
          .returning({ id: roles.id }),
        'role',
      ),

    async update(executor: Executor, id: number, values: RoleValues): Promise<void> {
      await executor.update(roles).set(values).where(eq(roles.id, id));
    },

    async remove(executor: Executor, id: number): Promise<void> {
      await executor.delete(roles).where(eq(roles.id, id));
    },

    /** Gives the users whose first role this is the role's security level (users.security_level). */
    async syncFirstRoleUsers(executor: Executor, roleId: number, level: SecurityLevel): Promise<void> {
      await executor
        .update(users)
        .set({ securityLevel: level, updatedAt: new Date() })
        .where(sql`${users.id} in (select user_id from ${firstRoles} first_roles where role_id = ${roleId})`);
    },

    /** Active users whose first role this is and who are not power users yet: raising it to level 1 adds them. */
    async usersRaisedToPower(executor: Executor, roleId: number): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(
          and(
            sql`${users.id} in (select user_id from ${firstRoles} first_roles where role_id = ${roleId})`,
            eq(users.isActive, true),
            ne(users.securityLevel, 1),
          ),
        );
      return row?.count ?? 0;
    },

    /** The caller's own security level (0 = an Alterna user), from the users table. */
    async securityLevelOf(executor: Executor, userId: number): Promise<SecurityLevel | undefined> {
      const [row] = await executor
        .select({ securityLevel: users.securityLevel })
        .from(users)
        .where(eq(users.id, userId));
      return row?.securityLevel as SecurityLevel | undefined;
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
