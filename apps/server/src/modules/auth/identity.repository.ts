import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oauthClients, roles, userRoles, users } from '../../db/schema/index.js';
import { anyOf } from '../../db/any-of.js';

export type UserRow = typeof users.$inferSelect;
export type ClientRow = typeof oauthClients.$inferSelect;

export function createIdentityRepository(db: Db) {
  return {
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const lowered = login.toLowerCase();
      const rows = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.userName})`, lowered), eq(sql`lower(${users.email})`, lowered)))
        .orderBy(asc(users.id))
        .limit(2);
      // An email shared by two accounts identifies neither; the user name must be used then.
      const byName = rows.find((row) => row.userName.toLowerCase() === lowered);
      return byName ?? (rows.length === 1 ? rows[0] : undefined);
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findClient(id: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id));
      return row;
    },

    /** The user's roles in list order; the first is the user's role. */
    async rolesOfUser(userId: number) {
      return db
        .select({ id: roles.id, name: roles.name, scopes: roles.scopes, securityLevel: roles.securityLevel })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(userRoles.position), asc(roles.id));
    },

    async usersByIds(tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), anyOf(users.id, ids)));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
