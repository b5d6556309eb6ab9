import { eq } from 'drizzle-orm';
import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
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
import { hashPassword } from '../modules/auth/password.js';
import { DEMO_PASSWORD, DEMO_TENANT_NAME, DEMO_USERS } from './demo-users.js';

/** The console's own public OAuth client; every installation has it. */
export async function ensureConsoleClient(db: Db): Promise<void> {
  await db
    .insert(oauthClients)
    .values({ id: CONSOLE_CLIENT_ID, name: 'Loupe console', applicationType: 0, allowedOrigin: '*' })
    .onConflictDoNothing();
}

/**
 * Creates the "Demo Bank" tenant with its licence, roles and the four demo users, unless it exists.
 * Returns the tenant id and whether it was created now.
 */
export async function seedDemoIdentity(db: Db): Promise<{ tenantId: number; created: boolean }> {
  const [existing] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.name, DEMO_TENANT_NAME));
  if (existing) return { tenantId: existing.id, created: false };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ name: DEMO_TENANT_NAME, timeZone: 'Europe/Istanbul', config: { currency: 'TRY' } })
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
    for (const [index, demo] of DEMO_USERS.entries()) {
      const [role] = await tx
        .insert(roles)
        .values({
          tenantId: tenant.id,
          name: demo.role,
          securityLevel: demo.securityLevel,
          scopes: [...demo.scopes],
        })
        .returning({ id: roles.id });
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          userName: demo.userName,
          fullName: demo.fullName,
          email: demo.email,
          language: index % 2 === 0 ? 'tr' : 'en',
          securityLevel: demo.securityLevel,
          passwordHash,
        })
        .returning({ id: users.id });
      if (!role || !user) throw new Error('demo user insert returned nothing');
      await tx
        .insert(userRoles)
        .values({ tenantId: tenant.id, userId: user.id, roleId: role.id, position: 0 });
    }
    return { tenantId: tenant.id, created: true };
  });
}
