import { SecurityLevel, type Scope } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { roles, userRoles, users } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../demo/demo-users.js';
import { hashPassword } from '../core/password.js';

/**
 * For API tests: a user of `tenantId` (null = tenantless Alterna user) holding `scopes` through a role of its
 * own, signed in through `POST /token`. Returns the access token.
 */
export async function signInNewUser(
  // The parts of the API tests' TestApp this needs (test/test-app.ts), so the build does not pull that in.
  t: { database: { db: Db }; signIn(userName: string): Promise<{ access_token: string }> },
  {
    userName,
    tenantId,
    scopes,
    securityLevel = tenantId === null ? SecurityLevel.Alterna : SecurityLevel.Regular,
  }: { userName: string; tenantId: number | null; scopes: Scope[]; securityLevel?: SecurityLevel },
): Promise<string> {
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ tenantId, name: `${userName} role`, securityLevel, scopes })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      userName,
      fullName: userName,
      securityLevel,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  if (!role || !user) throw new Error('test user insert returned nothing');
  await db.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
  return (await t.signIn(userName)).access_token;
}
