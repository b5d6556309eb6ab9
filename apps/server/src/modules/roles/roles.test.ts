import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, CONSOLE_CLIENT_ID, type Role, type Scope } from '@loupe/contracts';
import { licenses, roles, tenants, userRoles, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
/** A user of security level 0 in the demo tenant, holding role:manage. */
let alterna: string;
let otherTenantId: number;
let otherTenantRoleId: number;

const db = () => t.database.db;

async function tokenFor(userId: number, tenantId: number | null, scopes: Scope[]) {
  return t.signer.sign(
    { sub: String(userId), tid: tenantId, scp: scopes, cid: CONSOLE_CLIENT_ID, name: 'test' },
    300,
  );
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token: string; body?: unknown };

function call({ method, url, token, body }: Call) {
  return t.app.inject({
    method,
    url,
    headers: { ...t.authHeader(token), language: 'en' },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function createUser(userName: string, { active = true, tenantId = t.tenantId } = {}) {
  const [row] = await db()
    .insert(users)
    .values({ tenantId, userName, fullName: userName, passwordHash: 'x', isActive: active })
    .returning({ id: users.id });
  return row!.id;
}

async function createRole(name: string, securityLevel: 0 | 1 | 2, scopes: Scope[], tenantId = t.tenantId) {
  const [row] = await db()
    .insert(roles)
    .values({ tenantId, name, securityLevel, scopes })
    .returning({ id: roles.id });
  return row!.id;
}

const roleRow = async (id: number) => (await db().select().from(roles).where(eq(roles.id, id)))[0];
const levelOf = async (userId: number) =>
  (await db().select({ level: users.securityLevel }).from(users).where(eq(users.id, userId)))[0]!.level;
const roleCount = async () => (await db().select({ id: roles.id }).from(roles)).length;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).access_token;
  const alternaUser = await createUser('alterna-ops');
  await db().update(users).set({ securityLevel: 0 }).where(eq(users.id, alternaUser));
  alterna = await tokenFor(alternaUser, t.tenantId, ['role:manage']);

  const [other] = await db()
    .insert(tenants)
    .values({ name: 'Roles Other Bank' })
    .returning({ id: tenants.id });
  otherTenantId = other!.id;
  otherTenantRoleId = await createRole('Other Bank Admin', 2, ['report:read'], otherTenantId);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/authScopes', () => {
  it('lists every known scope once, sorted by name', async () => {
    const response = await call({ method: 'GET', url: '/api/authScopes', token: admin });
    expect(response.statusCode).toBe(200);
    const names = response.json<{ Name: string }[]>().map((scope) => scope.Name);
    expect(names).toHaveLength(ALL_SCOPES.length);
    expect(new Set(names)).toEqual(new Set(ALL_SCOPES));
    expect(names[0]).toBe('aisystem:manage');
    expect(names.at(-1)).toBe('user:test');
    const alert = names.indexOf('alert:manage');
    expect(names.slice(alert, alert + 4)).toEqual([
      'alert:manage',
      'alert:read',
      'alert:readall',
      'alertEmails',
    ]);
    for (let index = 1; index < names.length; index++) {
      expect(names[index - 1]!.toLowerCase() < names[index]!.toLowerCase(), names[index]).toBe(true);
    }
  });

  it('is open to the role and client screens only', async () => {
    const viewer = (await t.signIn('viewer')).access_token;
    expect((await call({ method: 'GET', url: '/api/authScopes', token: viewer })).statusCode).toBe(403);
    const clientReader = await tokenFor(1, t.tenantId, ['client:read']);
    expect((await call({ method: 'GET', url: '/api/authScopes', token: clientReader })).statusCode).toBe(200);
  });
});

describe('GET /api/identityRoles', () => {
  it("lists the tenant's roles by name with their levels, none of another tenant", async () => {
    const userReader = await tokenFor(1, t.tenantId, ['user:read']);
    const response = await call({ method: 'GET', url: '/api/identityRoles', token: userReader });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ Id: number; Name: string; SecurityLevel: number }[]>();
    const names = list.map((role) => role.Name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list).toContainEqual(expect.objectContaining({ Name: 'Administrator', SecurityLevel: 1 }));
    expect(list).toContainEqual(expect.objectContaining({ Name: 'Report Viewer', SecurityLevel: 2 }));
    expect(names).not.toContain('Other Bank Admin');
  });
});

describe('POST /api/identity/roles', () => {
  it('creates a role with its scopes sorted, and reads it back', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/identity/roles',
      token: admin,
      body: { Name: 'Survey Desk', SecurityLevel: 2, Scopes: ['user:read', 'report:read'] },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json<Role>();
    expect(role).toMatchObject({
      Name: 'Survey Desk',
      SecurityLevel: 2,
      Scopes: ['report:read', 'user:read'],
      UserCount: 0,
    });
    const read = await call({ method: 'GET', url: `/api/identity/roles/${role.Id}`, token: admin });
    expect(read.json()).toEqual(role);
    expect((await roleRow(role.Id))?.tenantId).toBe(t.tenantId);
  });

  it('also answers the spelling with a trailing slash', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/identity/roles/',
      token: admin,
      body: { Name: 'Slash Role', SecurityLevel: 2, Scopes: ['report:read'] },
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a name the tenant already has, in any letter case, with 10010 and adds nothing', async () => {
    const before = await roleCount();
    const response = await call({
      method: 'POST',
      url: '/api/identity/roles',
      token: admin,
      body: { Name: 'report VIEWER', SecurityLevel: 2, Scopes: ['report:read'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: 10010, Message: 'A role with this name already exists.' });
    expect(await roleCount()).toBe(before);
  });

  it('allows a name another tenant uses', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/identity/roles',
      token: admin,
      body: { Name: 'Other Bank Admin', SecurityLevel: 2, Scopes: ['report:read'] },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses unknown, repeated or no scopes and a blank name (3333)', async () => {
    const before = await roleCount();
    for (const body of [
      { Name: 'Bad', SecurityLevel: 2, Scopes: ['report:read', 'root:everything'] },
      { Name: 'Bad', SecurityLevel: 2, Scopes: ['report:read', 'report:read'] },
      { Name: 'Bad', SecurityLevel: 2, Scopes: [] },
      { Name: '  ', SecurityLevel: 2, Scopes: ['report:read'] },
      { Name: 'Bad', SecurityLevel: 3, Scopes: ['report:read'] },
    ]) {
      const response = await call({ method: 'POST', url: '/api/identity/roles', token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ Code: 3333 });
    }
    expect(await roleCount()).toBe(before);
  });

  it('creates an Alterna-level role only for an Alterna user (10008)', async () => {
    const before = await roleCount();
    const body = { Name: 'Alterna Support', SecurityLevel: 0, Scopes: ['alterna:manage', 'role:manage'] };
    const refused = await call({ method: 'POST', url: '/api/identity/roles', token: admin, body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 10008 });
    expect(await roleCount()).toBe(before);

    const created = await call({ method: 'POST', url: '/api/identity/roles', token: alterna, body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ SecurityLevel: 0, Scopes: ['alterna:manage', 'role:manage'] });
  });

  it('needs role:manage; role:read may only read', async () => {
    const reader = await tokenFor(1, t.tenantId, ['role:read']);
    const body = { Name: 'Reader Made', SecurityLevel: 2, Scopes: ['report:read'] };
    expect((await call({ method: 'POST', url: '/api/identity/roles', token: reader, body })).statusCode).toBe(
      403,
    );
    const list = await call({ method: 'GET', url: '/api/identityRoles', token: reader });
    expect(list.statusCode).toBe(200);
  });
});

describe('GET|PUT|DELETE /api/identity/roles/{id} of another tenant', () => {
  it('answers 404 and changes nothing', async () => {
    const url = `/api/identity/roles/${otherTenantRoleId}`;
    expect((await call({ method: 'GET', url, token: admin })).statusCode).toBe(404);
    const body = { Name: 'Taken Over', SecurityLevel: 2, Scopes: ['report:read'] };
    expect((await call({ method: 'PUT', url, token: admin, body })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url, token: admin })).statusCode).toBe(404);
    expect(await roleRow(otherTenantRoleId)).toMatchObject({
      name: 'Other Bank Admin',
      scopes: ['report:read'],
    });
  });
});

describe('PUT /api/identity/roles/{id}', () => {
  it('renames a role and changes its scopes', async () => {
    const id = await createRole('Temp Desk', 2, ['report:read']);
    const response = await call({
      method: 'PUT',
      url: `/api/identity/roles/${id}`,
      token: admin,
      body: { Name: 'Temp Desk 2', SecurityLevel: 2, Scopes: ['survey:read', 'alert:read'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: id,
      Name: 'Temp Desk 2',
      Scopes: ['alert:read', 'survey:read'],
    });
    expect(await roleRow(id)).toMatchObject({ name: 'Temp Desk 2', scopes: ['alert:read', 'survey:read'] });
  });

  it("refuses another role's name with 10010 but keeps its own name in another case", async () => {
    const id = await createRole('Naming Desk', 2, ['report:read']);
    const url = `/api/identity/roles/${id}`;
    const taken = await call({
      method: 'PUT',
      url,
      token: admin,
      body: { Name: 'Administrator', SecurityLevel: 2, Scopes: ['survey:read'] },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ Code: 10010 });
    expect(await roleRow(id)).toMatchObject({ name: 'Naming Desk', scopes: ['report:read'] });

    const recased = await call({
      method: 'PUT',
      url,
      token: admin,
      body: { Name: 'NAMING desk', SecurityLevel: 2, Scopes: ['report:read'] },
    });
    expect(recased.statusCode).toBe(200);
  });

  it('keeps the scopes of an Alterna-level role (10006) but lets an Alterna user rename it', async () => {
    const id = await createRole('Alterna Core', 0, ['alterna:manage', 'user:manage']);
    const url = `/api/identity/roles/${id}`;
    const scopesChanged = await call({
      method: 'PUT',
      url,
      token: alterna,
      body: { Name: 'Alterna Core', SecurityLevel: 0, Scopes: ['alterna:manage'] },
    });
    expect(scopesChanged.statusCode).toBe(400);
    expect(scopesChanged.json()).toMatchObject({
      Code: 10006,
      Message: 'The scopes of Alterna User Level roles cannot be changed.',
    });
    expect(await roleRow(id)).toMatchObject({
      name: 'Alterna Core',
      scopes: ['alterna:manage', 'user:manage'],
    });

    // The same scopes in another order are no change.
    const renamed = await call({
      method: 'PUT',
      url,
      token: alterna,
      body: { Name: 'Alterna Core Team', SecurityLevel: 0, Scopes: ['user:manage', 'alterna:manage'] },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await roleRow(id))?.name).toBe('Alterna Core Team');
  });

  it('lets only Alterna users change an Alterna-level role or raise a role to that level (10008)', async () => {
    const alternaRole = await createRole('Alterna Audit', 0, ['alterna:manage']);
    const rename = await call({
      method: 'PUT',
      url: `/api/identity/roles/${alternaRole}`,
      token: admin,
      body: { Name: 'Audit', SecurityLevel: 0, Scopes: ['alterna:manage'] },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ Code: 10008 });
    expect((await roleRow(alternaRole))?.name).toBe('Alterna Audit');

    const regular = await createRole('Would Be Alterna', 2, ['report:read']);
    const raise = await call({
      method: 'PUT',
      url: `/api/identity/roles/${regular}`,
      token: admin,
      body: { Name: 'Would Be Alterna', SecurityLevel: 0, Scopes: ['report:read'] },
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json()).toMatchObject({ Code: 10008 });
    expect((await roleRow(regular))?.securityLevel).toBe(2);
  });

  it("gives the role's new level to the users whose first role it is, not to others", async () => {
    const desk = await createRole('Level Desk', 2, ['report:read']);
    const other = await createRole('Level Other', 2, ['report:read']);
    const first = await createUser('level-first');
    const second = await createUser('level-second');
    await db()
      .insert(userRoles)
      .values([
        { tenantId: t.tenantId, userId: first, roleId: desk, position: 0 },
        { tenantId: t.tenantId, userId: second, roleId: other, position: 0 },
        { tenantId: t.tenantId, userId: second, roleId: desk, position: 1 },
      ]);
    const response = await call({
      method: 'PUT',
      url: `/api/identity/roles/${desk}`,
      token: admin,
      body: { Name: 'Level Desk', SecurityLevel: 1, Scopes: ['report:read'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ SecurityLevel: 1, UserCount: 2 });
    expect(await levelOf(first)).toBe(1);
    expect(await levelOf(second)).toBe(2);
  });

  describe('the power-user limit of the licence (10003)', () => {
    let roleId: number;
    let member: number;
    const setLimit = (limit: number) =>
      db().update(licenses).set({ powerUserLimit: limit }).where(eq(licenses.tenantId, t.tenantId));
    // Active users of security level 1: the count the licence limits (users/power-users.ts).
    const countPowerUsersNow = async () =>
      (
        await db()
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, t.tenantId), eq(users.isActive, true), eq(users.securityLevel, 1)))
      ).length;
    const raise = () =>
      call({
        method: 'PUT',
        url: `/api/identity/roles/${roleId}`,
        token: admin,
        body: { Name: 'Power Candidates', SecurityLevel: 1, Scopes: ['report:read'] },
      });

    beforeAll(async () => {
      roleId = await createRole('Power Candidates', 2, ['report:read']);
      member = await createUser('power-candidate');
      await db().insert(userRoles).values({ tenantId: t.tenantId, userId: member, roleId, position: 0 });
    });
    afterAll(() => setLimit(10));

    it('refuses a level change that takes the active power users above the limit, changing nothing', async () => {
      await setLimit(await countPowerUsersNow());
      const response = await raise();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ Code: 10003 });
      expect((await roleRow(roleId))?.securityLevel).toBe(2);
      expect(await levelOf(member)).toBe(2);
    });

    it('does not count inactive users', async () => {
      await setLimit(await countPowerUsersNow());
      await db().update(users).set({ isActive: false }).where(eq(users.id, member));
      expect((await raise()).statusCode).toBe(200);
      // Back to level 2 and active for the next case; lowering a level never refuses.
      await db().update(users).set({ isActive: true }).where(eq(users.id, member));
      const lower = await call({
        method: 'PUT',
        url: `/api/identity/roles/${roleId}`,
        token: admin,
        body: { Name: 'Power Candidates', SecurityLevel: 2, Scopes: ['report:read'] },
      });
      expect(lower.statusCode).toBe(200);
      expect(await levelOf(member)).toBe(2);
    });

    it('allows the change when the limit has room or is 0 (unlimited)', async () => {
      await setLimit(0);
      const response = await raise();
      expect(response.statusCode).toBe(200);
      expect(await levelOf(member)).toBe(1);
    });
  });
});

describe('DELETE /api/identity/roles/{id}', () => {
  it('removes a role no user holds', async () => {
    const id = await createRole('Short Lived', 2, ['report:read']);
    const response = await call({ method: 'DELETE', url: `/api/identity/roles/${id}`, token: admin });
    expect(response.statusCode).toBe(204);
    expect(await roleRow(id)).toBeUndefined();
  });

  it('refuses a role held by users with 10007 and keeps it', async () => {
    const id = await createRole('Held Role', 2, ['report:read']);
    const holder = await createUser('held-role-user', { active: false });
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: holder, roleId: id, position: 0 });
    const response = await call({ method: 'DELETE', url: `/api/identity/roles/${id}`, token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Code: 10007,
      Message: 'This role is assigned to users; it cannot be removed.',
    });
    expect(await roleRow(id)).toBeDefined();
  });

  it('refuses an Alterna-level role with 10005, even to an Alterna user', async () => {
    const id = await createRole('Alterna Keep', 0, ['alterna:manage']);
    for (const token of [alterna, admin]) {
      const response = await call({ method: 'DELETE', url: `/api/identity/roles/${id}`, token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Code: 10005 });
    }
    expect(await roleRow(id)).toBeDefined();
  });

  it('answers 404 for an unknown role', async () => {
    const response = await call({ method: 'DELETE', url: '/api/identity/roles/999999', token: admin });
    expect(response.statusCode).toBe(404);
  });
});

describe('the roles grid /api/identity/roles', () => {
  it("pages the tenant's roles with scope and user counts, sorted and filtered", async () => {
    const response = await call({
      method: 'GET',
      url: `/api/identity/roles?$count=true&$top=100&$orderby=${encodeURIComponent('Name asc')}`,
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ Items: Record<string, unknown>[]; Count: number }>();
    const own = await db().select({ id: roles.id }).from(roles).where(eq(roles.tenantId, t.tenantId));
    expect(page.Count).toBe(own.length);
    expect(page.Items.map((item) => item.Name)).not.toContain('Roles Other Bank');
    expect(page.Items.some((item) => item.Id === otherTenantRoleId)).toBe(false);
    expect(page.Items.find((item) => item.Name === 'Administrator')).toMatchObject({
      SecurityLevel: 1,
      ScopeCount: ALL_SCOPES.length,
      UserCount: 1,
    });

    const filtered = await call({
      method: 'GET',
      url: `/api/identity/roles?$count=true&$filter=${encodeURIComponent('UserCount gt 0 and SecurityLevel eq 1')}`,
      token: admin,
    });
    expect(filtered.statusCode).toBe(200);
    const names = filtered.json<{ Items: { Name: string }[] }>().Items.map((item) => item.Name);
    expect(names).toContain('Administrator');
    expect(names).not.toContain('Report Viewer');
  });

  it('is refused to a user without a role scope', async () => {
    const viewer = (await t.signIn('viewer')).access_token;
    expect((await call({ method: 'GET', url: '/api/identity/roles', token: viewer })).statusCode).toBe(403);
  });
});
