import { eq } from 'drizzle-orm';
import { CONSOLE_CLIENT_ID, SecurityLevel } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import {
  licenses,
  oauthClients,
  roles,
  systemConfigurations,
  tenants,
  userRoles,
  users,
} from '../db/schema/index.js';
import { ensureOperator } from '../setup/operator.js';
import { hashPassword } from '../core/password.js';
import {
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_TENANT_NAME,
  DEMO_TEST_USERS,
  DEMO_USERS,
  SECOND_DEMO_TENANT_NAME,
  SECOND_DEMO_USERS,
  type DemoUser,
} from './demo-users.js';

/** The console's own public OAuth client; every installation has it. */
export async function ensureConsoleClient(db: Db): Promise<void> {
  await db
    .insert(oauthClients)
    .values({ id: CONSOLE_CLIENT_ID, name: 'Loupe console', applicationType: 0, allowedOrigin: '*' })
    .onConflictDoNothing();
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Creates each demo user of `tenantId` (null: tenantless) with a role of its own holding its scopes. */
async function insertDemoUsers(
  tx: Tx,
  tenantId: number | null,
  demoUsers: readonly DemoUser[],
  passwordHash: string,
): Promise<void> {
  for (const [index, demo] of demoUsers.entries()) {
    const [role] = await tx
      .insert(roles)
      .values({ tenantId, name: demo.role, securityLevel: demo.securityLevel, scopes: [...demo.scopes] })
      .returning({ id: roles.id });
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        userName: demo.userName,
        fullName: demo.fullName,
        email: demo.email,
        language: index % 2 === 0 ? 'tr' : 'en',
        securityLevel: demo.securityLevel,
        passwordHash,
      })
      .returning({ id: users.id });
    if (!role || !user) throw new Error('demo user insert returned nothing');
    await tx.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id, position: 0 });
  }
}

/** A demo tenant with its licence, token-storage setting and users, unless a tenant of the name exists. */
async function seedDemoTenant(
  db: Db,
  {
    name,
    timeZone,
    currency,
    demoUsers,
    testUsers = [],
  }: {
    name: string;
    timeZone: string;
    currency: string;
    demoUsers: readonly DemoUser[];
    testUsers?: typeof DEMO_TEST_USERS;
  },
): Promise<{ tenantId: number; created: boolean }> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  if (existing) return { tenantId: existing.id, created: false };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ name, timeZone, config: { currency } })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('tenant insert returned nothing');
    const now = new Date();
    await tx.insert(licenses).values({
      tenantId: tenant.id,
      validFrom: new Date(now.getTime() - 400 * 86_400_000),
      validUntil: new Date(now.getTime() + 365 * 86_400_000),
      sessionLimitPerYear: 5_000_000,
      externalSessionLimitPerYear: 1_000_000,
      dataRetentionMonths: 0,
      userLimit: 500,
      powerUserLimit: 10,
      isAiModuleActive: true,
      isDataCollectorActive: false,
    });
    await tx.insert(systemConfigurations).values({
      tenantId: tenant.id,
      section: 'TokenStorage',
      jsonConfig: JSON.stringify({ Storage: 'session' }),
      syncWithClient: true,
    });
    await insertDemoUsers(tx, tenant.id, demoUsers, passwordHash);
    // Test users have no role: they only receive test invitations.
    if (testUsers.length > 0) {
      await tx.insert(users).values(
        testUsers.map((tester) => ({
          ...tester,
          tenantId: tenant.id,
          language: 'tr',
          securityLevel: SecurityLevel.Regular,
          isTestUser: true,
          passwordHash,
        })),
      );
    }
    return { tenantId: tenant.id, created: true };
  });
}

/** The tenantless installation operator `operator` (security level 0), unless a user of that name exists. */
async function ensureDemoOperator(db: Db): Promise<void> {
  const { userName, fullName, email } = DEMO_OPERATOR;
  await ensureOperator(db, { userName, fullName, email, password: DEMO_PASSWORD });
}

/**
 * Creates the "Demo Bank" tenant with its licence, roles, the four demo users and the two test users, unless it exists, and the
 * tenantless operator. Returns the tenant id and whether it was created now.
 */
export async function seedDemoIdentity(db: Db): Promise<{ tenantId: number; created: boolean }> {
  await ensureDemoOperator(db);
  return seedDemoTenant(db, {
    name: DEMO_TENANT_NAME,
    timeZone: 'Europe/Istanbul',
    currency: 'TRY',
    demoUsers: DEMO_USERS,
    testUsers: DEMO_TEST_USERS,
  });
}

/** The second, small demo tenant ("Demo Bank Europe", user `admin2`), unless it exists. */
export function seedSecondDemoTenant(db: Db): Promise<{ tenantId: number; created: boolean }> {
  return seedDemoTenant(db, {
    name: SECOND_DEMO_TENANT_NAME,
    timeZone: 'Europe/Amsterdam',
    currency: 'EUR',
    demoUsers: SECOND_DEMO_USERS,
  });
}
