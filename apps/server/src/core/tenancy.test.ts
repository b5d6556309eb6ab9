import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  ErrorCode,
  SecurityLevel,
  TENANT_SCOPES,
  type Scope,
  type Tenant,
} from '@loupe/contracts';
import { oauthClients, roles, tenants, userRoles, users } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../demo/demo-users.js';
import { expectRefusal } from '../test/admin-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signInNewUser } from '../test/tenant-test-actors.js';
import { hashPassword } from './password.js';

/*
 * Issue 14 items 1 and 8, reproduced: a tenant's administrator taking over another tenant, a role manager raising
 * its own role, tenant ids probed by their answers, and a user manager granting itself the Administrator role.
 */

let t: TestApp;
const db = () => t.database.db;

let otherTenantId: number;
let otherAdminRoleId: number;
let demoAdminRoleId: number;
let operator: string;

/** Every user, role and user-role row: what a refused write must leave as it was. */
const identityState = async () => ({
  users: await db().select().from(users).orderBy(asc(users.id)),
  roles: await db().select().from(roles).orderBy(asc(roles.id)),
  userRoles: await db().select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
  tenants: await db().select().from(tenants).orderBy(asc(tenants.id)),
  clients: await db().select().from(oauthClients).orderBy(asc(oauthClients.id)),
});

/** A user of Demo Bank with a role of its own holding `scopes` at `securityLevel`; returns ids. */
async function demoBankUser(userName: string, scopes: Scope[], securityLevel: SecurityLevel) {
  const [role] = await db()
    .insert(roles)
    .values({ tenantId: t.tenantId, name: `${userName} role`, securityLevel, scopes })
    .returning({ id: roles.id });
  const [user] = await db()
    .insert(users)
    .values({
      tenantId: t.tenantId,
      userName,
      fullName: userName,
      securityLevel,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId: t.tenantId, userId: user!.id, roleId: role!.id });
  return { userId: user!.id, roleId: role!.id };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    tid: number | null;
    scp: string[];
  };

function newUserForm(overrides: Record<string, unknown>) {
  return {
    UserName: `new${Math.random().toString(36).slice(2, 10)}`,
    FullName: 'New Person',
    Roles: [],
    Password: 'Start123',
    MustChangePassword: false,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  operator = (await t.signIn('operator')).access_token;
  const [otherTenant] = await db().insert(tenants).values({ name: 'Rival Bank' }).returning();
  otherTenantId = otherTenant!.id;
  const [otherRole] = await db()
    .insert(roles)
    .values({ tenantId: otherTenantId, name: 'Administrator', securityLevel: 1, scopes: [...TENANT_SCOPES] })
    .returning({ id: roles.id });
  otherAdminRoleId = otherRole!.id;
  const [demoRole] = await db()
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.tenantId, t.tenantId))
    .orderBy(asc(roles.id));
  demoAdminRoleId = demoRole!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('item 1: a tenant administrator holding alterna:manage cannot take over another tenant', () => {
  // The demo Administrator of before: every scope, alterna:manage included, on a tenant's level-1 role.
  let legacyAdmin: { userId: number; roleId: number };
  let forged: string;
  beforeAll(async () => {
    legacyAdmin = await demoBankUser('legacy.admin', [...ALL_SCOPES], SecurityLevel.Power);
    forged = await t.tokenFor({
      userId: legacyAdmin.userId,
      tenantId: t.tenantId,
      scopes: [...ALL_SCOPES],
    });
  });

  it('signs a tenant user in without the operator scope its role still holds', async () => {
    const token = (await t.signIn('legacy.admin')).access_token;
    const claims = claimsOf(token);
    expect(claims.tid).toBe(t.tenantId);
    expect(claims.scp).not.toContain('alterna:manage');
    expect(claims.scp).toContain('user:manage');
  });

  it("refuses the other tenant's role choices with 14005, the same for an unknown tenant", async () => {
    for (const tenantId of [otherTenantId, 999_999]) {
      const response = await t.call('GET', `/api/users/roleChoices?tenantId=${tenantId}`, { token: forged });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ Code: ErrorCode.TenantChangeNotAllowed });
    }
  });

  it('refuses a user in the other tenant with its Administrator role (14005), changing nothing', async () => {
    for (const TenantId of [otherTenantId, 999_999]) {
      const body = newUserForm({ TenantId, Roles: [otherAdminRoleId] });
      await expectRefusal(
        () => t.call('POST', '/api/users', { token: forged, body }),
        { status: 403, code: ErrorCode.TenantChangeNotAllowed },
        identityState,
      );
    }
  });

  it('refuses to move an existing user of its tenant to another tenant (14005)', async () => {
    const victim = await demoBankUser('move.me', ['report:read'], SecurityLevel.Regular);
    const body = newUserForm({ UserName: 'move.me', TenantId: otherTenantId, Roles: [otherAdminRoleId] });
    await expectRefusal(
      () => t.call('PUT', `/api/users/${victim.userId}`, { token: forged, body }),
      { status: 403, code: ErrorCode.TenantChangeNotAllowed },
      identityState,
    );
  });

  it('lets it neither create nor change tenants', async () => {
    const create = {
      Name: 'Hijack Ltd',
      Administrator: { UserName: 'hijack', FullName: 'H', Email: 'h@x.example', Password: 'Start123' },
    };
    await expectRefusal(
      () => t.call('POST', '/api/tenants', { token: forged, body: create }),
      { status: 403, code: 403 },
      identityState,
    );
    await expectRefusal(
      () => t.call('PUT', `/api/tenants/${otherTenantId}`, { token: forged, body: { Name: 'Mine' } }),
      { status: 403, code: 403 },
      identityState,
    );
  });
});

describe('item 1: a role manager cannot raise its own role', () => {
  for (const level of [SecurityLevel.Power, SecurityLevel.Regular]) {
    it(`refuses alterna:manage on its own level-${level} role (10006) and scopes it lacks (10013)`, async () => {
      const manager = await demoBankUser(`role.manager.${level}`, ['role:manage', 'role:read'], level);
      // Even a token that claims alterna:manage cannot put it on a tenant's role.
      const token = await t.tokenFor({
        userId: manager.userId,
        tenantId: t.tenantId,
        scopes: ['role:manage', 'role:read', 'alterna:manage'],
      });
      const url = `/api/identity/roles/${manager.roleId}`;
      const raise = (scopes: Scope[]) => ({
        Name: `role.manager.${level} role`,
        SecurityLevel: level,
        Scopes: scopes,
      });
      await expectRefusal(
        () => t.call('PUT', url, { token, body: raise(['role:manage', 'role:read', 'alterna:manage']) }),
        { status: 400, code: ErrorCode.AlternaRoleScopes },
        identityState,
      );
      await expectRefusal(
        () => t.call('PUT', url, { token, body: raise(['role:manage', 'role:read', 'user:manage']) }),
        { status: 403, code: ErrorCode.ScopeNotHeld },
        identityState,
      );
      await expectRefusal(
        () =>
          t.call('POST', '/api/identity/roles', {
            token,
            body: { ...raise(['alterna:manage']), Name: 'Ops' },
          }),
        { status: 400, code: ErrorCode.AlternaRoleScopes },
        identityState,
      );
      await expectRefusal(
        () =>
          t.call('POST', '/api/identity/roles', {
            token,
            body: { ...raise(['user:manage']), Name: 'Users' },
          }),
        { status: 403, code: ErrorCode.ScopeNotHeld },
        identityState,
      );
      // Scopes it holds it may grant, and scopes the role had it may keep.
      const narrower = await t.call('PUT', url, { token, body: raise(['role:read']) });
      expect(narrower.statusCode, narrower.body).toBe(200);
    });
  }

  it("refuses alterna:manage on a tenant's client (10006)", async () => {
    const token = await t.tokenFor({
      userId: (await demoBankUser('client.manager', ['client:manage'], SecurityLevel.Regular)).userId,
      tenantId: t.tenantId,
      scopes: ['client:manage', 'alterna:manage'],
    });
    const body = {
      Id: 'rogue-client',
      Name: 'Rogue',
      ApplicationType: 0,
      Active: true,
      AllowedOrigin: '*',
      AccessTokenLifeTime: 3600,
      RefreshTokenLifeTime: 86400,
      Scopes: ['alterna:manage'],
    };
    await expectRefusal(
      () => t.call('POST', '/api/clients', { token, body }),
      { status: 400, code: ErrorCode.AlternaRoleScopes },
      identityState,
    );
  });
});

describe('item 8: a user manager cannot grant itself or others more than it holds', () => {
  let manager: { userId: number; roleId: number };
  let token: string;
  beforeAll(async () => {
    const scopes: Scope[] = ['user:manage', 'user:read', 'role:read', 'report:read'];
    manager = await demoBankUser('self.escalator', scopes, SecurityLevel.Regular);
    token = (await t.signIn('self.escalator')).access_token;
  });

  const ownForm = (roleIds: number[]) => ({
    UserName: 'self.escalator',
    FullName: 'self.escalator',
    Roles: roleIds,
  });

  it('refuses PUT /api/users/{own id} with the Administrator role (10014) and changes nothing', async () => {
    await expectRefusal(
      () => t.call('PUT', `/api/users/${manager.userId}`, { token, body: ownForm([demoAdminRoleId]) }),
      { status: 403, code: ErrorCode.OwnRolesUnchangeable },
      identityState,
    );
    await expectRefusal(
      () =>
        t.call('PUT', `/api/users/${manager.userId}`, {
          token,
          body: ownForm([manager.roleId, demoAdminRoleId]),
        }),
      { status: 403, code: ErrorCode.OwnRolesUnchangeable },
      identityState,
    );
    // Its own form with its roles unchanged still saves.
    const same = await t.call('PUT', `/api/users/${manager.userId}`, {
      token,
      body: {
        ...ownForm([manager.roleId]),
        FullName: 'Self Escalator',
      },
    });
    expect(same.statusCode, same.body).toBe(200);
    const next = claimsOf((await t.signIn('self.escalator')).access_token);
    expect(next.scp).not.toContain('role:manage');
  });

  it('refuses giving another user, new or existing, a role with scopes it lacks (10013)', async () => {
    await expectRefusal(
      () => t.call('POST', '/api/users', { token, body: newUserForm({ Roles: [demoAdminRoleId] }) }),
      { status: 403, code: ErrorCode.ScopeNotHeld },
      identityState,
    );
    const accomplice = await demoBankUser('accomplice', ['report:read'], SecurityLevel.Regular);
    await expectRefusal(
      () =>
        t.call('PUT', `/api/users/${accomplice.userId}`, {
          token,
          body: {
            UserName: 'accomplice',
            FullName: 'accomplice',
            Roles: [demoAdminRoleId],
          },
        }),
      { status: 403, code: ErrorCode.ScopeNotHeld },
      identityState,
    );
    // A role within its own scopes it may give.
    const fine = await t.call('POST', '/api/users', {
      token,
      body: newUserForm({ Roles: [accomplice.roleId] }),
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('installation operators', () => {
  it("see another tenant's roles and put a user there with its Administrator role", async () => {
    const choices = await t.call('GET', `/api/users/roleChoices?tenantId=${otherTenantId}`, {
      token: operator,
    });
    expect(choices.statusCode).toBe(200);
    expect(choices.json()).toEqual([{ Id: otherAdminRoleId, Name: 'Administrator', SecurityLevel: 1 }]);
    const unknown = await t.call('GET', '/api/users/roleChoices?tenantId=999999', { token: operator });
    expect(unknown.json()).toMatchObject({ Code: ErrorCode.TenantNotFound });

    const created = await t.call('POST', '/api/users', {
      token: operator,
      body: newUserForm({ UserName: 'rival.admin', TenantId: otherTenantId, Roles: [otherAdminRoleId] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const claims = claimsOf((await t.signIn('rival.admin', 'Start123')).access_token);
    expect(claims.tid).toBe(otherTenantId);
    expect(claims.scp).not.toContain('alterna:manage');
  });

  it('a tenantless user below level 0 is no operator: 14005 and 403', async () => {
    const token = await signInNewUser(t, {
      userName: 'tenantless.regular',
      tenantId: null,
      scopes: ['user:manage', 'alterna:manage'],
      securityLevel: SecurityLevel.Regular,
    });
    expect(claimsOf(token).scp).not.toContain('alterna:manage');
    const response = await t.call('GET', `/api/users/roleChoices?tenantId=${otherTenantId}`, { token });
    expect(response.json()).toMatchObject({ Code: ErrorCode.TenantChangeNotAllowed });
  });

  it('create a tenant with its Administrator role and first user in one step', async () => {
    const response = await t.call('POST', '/api/tenants', {
      token: operator,
      body: {
        Name: 'Fresh Start',
        Administrator: {
          UserName: 'fresh.admin',
          FullName: 'Fresh Admin',
          Email: 'admin@fresh.example',
          Password: 'First123',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const tenant = response.json<Tenant>();
    expect(tenant).toMatchObject({ Name: 'Fresh Start', UserCount: 1 });

    const [role] = await db().select().from(roles).where(eq(roles.tenantId, tenant.Id));
    expect(role).toMatchObject({ name: 'Administrator', securityLevel: SecurityLevel.Power });
    expect([...role!.scopes].sort()).toEqual([...TENANT_SCOPES].sort());
    const [user] = await db().select().from(users).where(eq(users.tenantId, tenant.Id));
    expect(user).toMatchObject({ userName: 'fresh.admin', email: 'admin@fresh.example', securityLevel: 1 });

    // The first sign-in asks for a password of their own, then signs in to the new tenant only.
    await expect(t.signIn('fresh.admin', 'First123')).rejects.toThrow(/expired_password/);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-expired-password',
      payload: { UserName: 'fresh.admin', CurrentPassword: 'First123', NewPassword: 'Second123' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const claims = claimsOf((await t.signIn('fresh.admin', 'Second123')).access_token);
    expect(claims.tid).toBe(tenant.Id);
    expect([...claims.scp].sort()).toEqual([...TENANT_SCOPES].sort());
  });

  it('refuse a tenant whose first user name is taken (10009) or invalid (3333), writing nothing', async () => {
    const administrator = { UserName: 'admin', FullName: 'X', Email: 'x@x.example', Password: 'First123' };
    await expectRefusal(
      () =>
        t.call('POST', '/api/tenants', {
          token: operator,
          body: { Name: 'Taken Name Co', Administrator: administrator },
        }),
      { status: 409, code: ErrorCode.UserNameExists },
      identityState,
    );
    for (const bad of [
      undefined,
      { ...administrator, UserName: 'new.one', Email: 'not-an-email' },
      { ...administrator, UserName: 'new.one', Password: 'short' },
    ]) {
      await expectRefusal(
        () =>
          t.call('POST', '/api/tenants', {
            token: operator,
            body: { Name: 'Bad First User', Administrator: bad },
          }),
        { status: 400, code: ErrorCode.ModelNotValid },
        identityState,
      );
    }
  });
});
