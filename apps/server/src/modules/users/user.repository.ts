import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  employees,
  products,
  roles,
  tenants,
  transactionChannels,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { tenantIs } from '../../core/tenant-scope.js';
import { endSessions } from '../auth/index.js';
import { anyOf } from '../../db/any-of.js';

type UserRow = typeof users.$inferSelect;
export type UserWithRoles = UserRow & { roleIds: number[] };
export type RoleFact = { id: number; tenantId: number | null; securityLevel: number; scopes: string[] };

/** Users of one tenant; null is the tenantless (Alterna) users. */
export const userTenantIs = (tenantId: number | null): SQL => tenantIs(users.tenantId, tenantId);

// Drizzle leaves columns unqualified in a one-table select, where a subquery would read its own `id`: the
// correlated subqueries below name the outer row's columns in full.
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;
const outerTenantId = sql`${users}.${sql.identifier(users.tenantId.name)}`;

/** Every role's name in list order, joined with ', ' (the grid's Roles column). */
export const roleNamesSql = sql<
  string | null
>`(select string_agg(r.name, ', ' order by ur.position, ur.role_id)
  from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${outerUserId})`;

/** The user's role: the first of the list (shell spec §6). */
export const firstRoleNameSql = sql<string | null>`(select r.name
  from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${outerUserId}
  order by ur.position, ur.role_id limit 1)`;

export const tenantNameSql = sql<
  string | null
>`(select t.name from ${tenants} t where t.id = ${outerTenantId})`;

export type UserValues = {
  tenantId: number | null;
  userName: string;
  fullName: string;
  email: string | null;
  msisdn: string | null;
  title: string | null;
  department: string | null;
  language: string | null;
  securityLevel: number;
  trialExpireDate: Date | null;
  transactionChannelIds: number[];
  productIds: number[];
  employeeIds: number[];
};

export type PasswordValues = {
  passwordHash: string;
  passwordChangedAt: Date;
  passwordExpireDate: Date | null;
};

export function createUserRepository(db: Db) {
  return {
    /** A user of the given kind that `visible` lets the caller see, with its role ids in order. */
    async find(
      executor: Executor,
      { id, isTestUser, visible }: { id: number; isTestUser: boolean; visible: SQL | undefined },
    ): Promise<UserWithRoles | undefined> {
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.isTestUser, isTestUser), visible));
      if (!row) return undefined;
      const roleRows = await executor
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, id))
        .orderBy(asc(userRoles.position), asc(userRoles.roleId));
      return { ...row, roleIds: roleRows.map((role) => role.roleId) };
    },

    /** The caller's own security level (0 = an Alterna user). */
    async securityLevelOf(userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ securityLevel: users.securityLevel })
        .from(users)
        .where(eq(users.id, userId));
      return row?.securityLevel;
    },

    async tenantExists(executor: Executor, tenantId: number): Promise<boolean> {
      const [row] = await executor.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
      return row !== undefined;
    },

    async rolesByIds(executor: Executor, ids: number[]): Promise<RoleFact[]> {
      if (ids.length === 0) return [];
      return executor
        .select({
          id: roles.id,
          tenantId: roles.tenantId,
          securityLevel: roles.securityLevel,
          scopes: roles.scopes,
        })
        .from(roles)
        .where(anyOf(roles.id, ids));
    },

    /** How many of `ids` are channels, products or employees of the tenant. */
    async countRestrictionsInTenant(
      executor: Executor,
      kind: 'channels' | 'products' | 'employees',
      tenantId: number,
      ids: number[],
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const table = { channels: transactionChannels, products, employees }[kind];
      return countOf(
        executor
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.tenantId, tenantId), anyOf(table.id, ids))),
      );
    },

    /** Whether another user already signs in with the name (compared case-insensitively, as sign-in does). */
    userNameTaken: (executor: Executor, userName: string, exceptId?: number): Promise<boolean> =>
      isNameTaken(executor, { id: users.id, name: users.userName }, userName, undefined, exceptId),

    insert: (
      executor: Executor,
      values: UserValues & PasswordValues & { isTestUser: boolean },
    ): Promise<number> =>
      insertedId(executor.insert(users).values(values).returning({ id: users.id }), 'user'),

    async update(
      executor: Executor,
      id: number,
      values: Partial<UserValues & PasswordValues & { isActive: boolean }>,
    ): Promise<void> {
      await executor
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    /** Ends every sign-in of the user, access and refresh tokens (an administrator set a new password). */
    async revokeSessions(executor: Executor, userId: number, at: Date): Promise<void> {
      await endSessions(executor, { userIds: [userId] }, { at });
    },

    /** Replaces the user's roles; the list order is `user_roles.position`. */
    async replaceRoles(
      executor: Executor,
      { userId, tenantId, roleIds }: { userId: number; tenantId: number | null; roleIds: number[] },
    ): Promise<void> {
      await executor.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length === 0) return;
      await executor
        .insert(userRoles)
        .values(roleIds.map((roleId, position) => ({ tenantId, userId, roleId, position })));
    },

    /** A tenant's roles (null: the tenantless roles) by name, for the role choice of a user form. */
    rolesOfTenant(tenantId: number | null) {
      return db
        .select({ id: roles.id, name: roles.name, securityLevel: roles.securityLevel })
        .from(roles)
        .where(tenantIs(roles.tenantId, tenantId))
        .orderBy(sql`lower(${roles.name})`, asc(roles.id));
    },

    /** Active users of the kind, by full name, for select lists. */
    forSelect({ isTestUser, visible }: { isTestUser: boolean; visible: SQL | undefined }) {
      return db
        .select({ Id: users.id, FullName: users.fullName, UserName: users.userName })
        .from(users)
        .where(and(eq(users.isTestUser, isTestUser), eq(users.isActive, true), visible))
        .orderBy(sql`lower(${users.fullName})`, asc(users.id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
