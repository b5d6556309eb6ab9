import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { TENANT_LIMIT_SECTION } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import {
  licenses,
  oauthClients,
  roles,
  serviceConfigurations,
  systemConfigurations,
  tenants,
  translations,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { countUsers } from '../users/index.js';

/** Users of the tenant in the row, test users and inactive ones included. */
export const tenantUserCount = sql<number>`(select count(*)::int from ${users} where ${users.tenantId} = ${tenants.id})`;

/** The columns of one tenant as the API shows it: the tenant, its user count and licence end. */
const tenantColumns = {
  id: tenants.id,
  name: tenants.name,
  config: tenants.config,
  timeZone: tenants.timeZone,
  createdAt: tenants.createdAt,
  userCount: tenantUserCount,
  licenseValidUntil: licenses.validUntil,
};

export type TenantRow = {
  id: number;
  name: string;
  config: Record<string, unknown>;
  timeZone: string;
  createdAt: Date;
  userCount: number;
  licenseValidUntil: Date | null;
};

// Every tenant write takes this lock first, so the name and limit checks cannot race another writer's insert.
const TENANT_WRITE_LOCK = 0x4c_6f_75_70; // 'Loup'

/** Reads and writes of the tenants table; `db` may be a transaction. */
export function createTenantRepository(db: Db) {
  return {
    async lockTenantWrites(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${TENANT_WRITE_LOCK})`);
    },

    async find(where: SQL | undefined): Promise<TenantRow | undefined> {
      const [row] = await db
        .select(tenantColumns)
        .from(tenants)
        .leftJoin(licenses, eq(licenses.tenantId, tenants.id))
        .where(where);
      return row;
    },

    async options(where: SQL | undefined): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(where)
        .orderBy(asc(tenants.name), asc(tenants.id));
    },

    /** Whether another tenant has this name, compared case-insensitively. */
    nameTaken: (name: string, exceptId?: number): Promise<boolean> =>
      isNameTaken(db, tenants, name, undefined, exceptId),

    countTenants: (): Promise<number> => countOf(db.select({ n: count() }).from(tenants)),

    /** The `TenantLimit` section's JSON text, stored with no tenant; undefined when there is none. */
    async tenantLimitConfig(): Promise<string | undefined> {
      const [row] = await db
        .select({ json: systemConfigurations.jsonConfig })
        .from(systemConfigurations)
        .where(
          and(isNull(systemConfigurations.tenantId), eq(systemConfigurations.section, TENANT_LIMIT_SECTION)),
        )
        .limit(1);
      return row?.json;
    },

    insert: (values: typeof tenants.$inferInsert): Promise<number> =>
      insertedId(db.insert(tenants).values(values).returning({ id: tenants.id }), 'tenant'),

    async insertLicense(values: typeof licenses.$inferInsert): Promise<void> {
      await db.insert(licenses).values(values);
    },

    async update(id: number, values: Partial<typeof tenants.$inferInsert>): Promise<void> {
      await db.update(tenants).set(values).where(eq(tenants.id, id));
    },

    /** Whether a user of any tenant has the sign-in name, compared case-insensitively. */
    userNameTaken: (userName: string): Promise<boolean> =>
      isNameTaken(db, { id: users.id, name: users.userName }, userName, undefined),

    /** A new tenant's first role and its first user holding it. */
    async insertFirstAdministrator({
      role,
      user,
    }: {
      role: typeof roles.$inferInsert & { tenantId: number };
      user: typeof users.$inferInsert & { tenantId: number };
    }): Promise<void> {
      const roleId = await insertedId(db.insert(roles).values(role).returning({ id: roles.id }), 'role');
      const userId = await insertedId(db.insert(users).values(user).returning({ id: users.id }), 'user');
      await db.insert(userRoles).values({ tenantId: user.tenantId, userId, roleId, position: 0 });
    },

    countUsers: (id: number): Promise<number> => countUsers(db, eq(users.tenantId, id)),

    /**
     * Removes the tenant with its set-up: licence and system rules (by cascade), roles, OAuth clients (and their
     * refresh tokens, by cascade), configuration sections and translations. Anything else that still points at
     * the tenant (surveys, responses, catalogue, audit records, …) makes the final delete fail with a
     * foreign-key violation, which rolls the whole transaction back.
     */
    async deleteWithSetup(id: number): Promise<void> {
      await db.delete(roles).where(eq(roles.tenantId, id));
      await db.delete(oauthClients).where(eq(oauthClients.tenantId, id));
      await db.delete(systemConfigurations).where(eq(systemConfigurations.tenantId, id));
      await db.delete(serviceConfigurations).where(eq(serviceConfigurations.tenantId, id));
      await db.delete(translations).where(eq(translations.tenantId, id));
      await db.delete(tenants).where(eq(tenants.id, id));
    },
  };
}
