import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, TENANT_SCOPES, type Role, type Scope } from '@loupe/contracts';
import { licenses, roles, userRoles, users } from '../../db/schema/index.js';
import { expectRefusal, insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
/** A user of security level 0 in the demo tenant, holding role:manage. */
let alterna: string;
let otherTenantId: number;
let otherTenantRoleId: number;

const db = () => t.database.db;

/** User 1 of Demo Bank holding exactly `scopes`. */
const demoUserWith = (scopes: Scope[]) => t.tokenFor({ userId: 1, tenantId: t.tenantId, scopes });

/** `POST`, `PUT` and `DELETE` of `/api/identity/roles` as `token` (the demo admin by default). */
const createRoleCall = (body: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/identity/roles', { token, body });
const updateRoleCall = (id: number, body: Record<string, unknown>, token = admin) =>
  t.call('PUT', `/api/identity/roles/${id}`, { token, body });
const deleteRoleCall = (id: number, token = admin) =>
  t.call('DELETE', `/api/identity/roles/${id}`, { token });

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
/** Every role row: what a refused write must leave as it was. */
const allRoles = () => db().select().from(roles).orderBy(asc(roles.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).access_token;
  const alternaUser = await createUser('alterna-ops');
  await db().update(users).set({ securityLevel: 0 }).where(eq(users.id, alternaUser));
  alterna = await t.tokenFor({
    userId: alternaUser,
    tenantId: t.tenantId,
    scopes: ['role:manage', 'user:manage'],
  });

  otherTenantId = await insertTenant(t, 'Roles Other Bank');
  otherTenantRoleId = await createRole('Other Bank Admin', 2, ['report:read'], otherTenantId);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/authScopes', () => {
  it('lists every known scope once, sorted by name', async () => {
    const response = await t.call('GET', '/api/authScopes', { token: admin });
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
    expect((await t.call('GET', '/api/authScopes', { token: viewer })).statusCode).toBe(403);
    const clientReader = await demoUserWith(['client:read']);
    expect((await t.call('GET', '/api/authScopes', { token: clientReader })).statusCode).toBe(200);
  });
});

describe('GET /api/identityRoles', () => {
  it("lists the tenant's roles by name with their levels, none of another tenant", async () => {
    const userReader = await demoUserWith(['user:read']);
    const response = await t.call('GET', '/api/identityRoles', { token: userReader });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ Id: number; Name: string; SecurityLevel: number }[]>();
    const names = list.map((role) => role.Name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list).toContainEqual(expect.objectContaining({ Name: 'Administrator', SecurityLevel: 1 }));
    expect(list).toContainEqual(expect.objectContaining({ Name: 'Report Viewer', SecurityLevel: 2 }));
    expect(names).not.toContain('Other Bank Admin');
  });

  it('opens to alert:manage, who chooses alert owners', async () => {
    const alertManager = await demoUserWith(['alert:manage']);
    const response = await t.call('GET', '/api/identityRoles', { token: alertManager });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ Name: string }[]>().map((role) => role.Name)).toContain('Administrator');
    expect(
      (await t.call('GET', '/api/identityRoles', { token: await demoUserWith(['alert:read']) })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/identity/roles', () => {
  it('creates a role with its scopes sorted, and reads it back', async () => {
    const created = await createRoleCall({
      Name: 'Survey Desk',
      SecurityLevel: 2,
      Scopes: ['user:read', 'report:read'],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json<Role>();
    expect(role).toMatchObject({
      Name: 'Survey Desk',
      SecurityLevel: 2,
      Scopes: ['report:read', 'user:read'],
      UserCount: 0,
    });
    const read = await t.call('GET', `/api/identity/roles/${role.Id}`, { token: admin });
    expect(read.json()).toEqual(role);
    expect((await roleRow(role.Id))?.tenantId).toBe(t.tenantId);
  });

  it('also answers the spelling with a trailing slash', async () => {
    const created = await t.call('POST', '/api/identity/roles/', {
      token: admin,
      body: { Name: 'Slash Role', SecurityLevel: 2, Scopes: ['report:read'] },
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a name the tenant already has, in any letter case, with 10010 and adds nothing', async () => {
    const refusal = await expectRefusal(
      () => createRoleCall({ Name: 'report VIEWER', SecurityLevel: 2, Scopes: ['report:read'] }),
      { status: 400, code: 10010 },
      allRoles,
    );
    expect(refusal.Message).toBe('A role with this name already exists.');
  });

  it('allows a name another tenant uses', async () => {
    const response = await createRoleCall({
      Name: 'Other Bank Admin',
      SecurityLevel: 2,
      Scopes: ['report:read'],
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses unknown, repeated or no scopes and a blank name (3333)', async () => {
    for (const body of [
      { Name: 'Bad', SecurityLevel: 2, Scopes: ['report:read', 'root:everything'] },
      { Name: 'Bad', SecurityLevel: 2, Scopes: ['report:read', 'report:read'] },
      { Name: 'Bad', SecurityLevel: 2, Scopes: [] },
      { Name: '  ', SecurityLevel: 2, Scopes: ['report:read'] },
      { Name: 'Bad', SecurityLevel: 3, Scopes: ['report:read'] },
    ]) {
      await expectRefusal(() => createRoleCall(body), { status: 400, code: 3333 }, allRoles);
    }
  });

  it('creates an Alterna-level role only for an Alterna user (10008)', async () => {
    const body = { Name: 'Alterna Support', SecurityLevel: 0, Scopes: ['role:manage', 'user:manage'] };
    await expectRefusal(() => createRoleCall(body), { status: 403, code: 10008 }, allRoles);

    const created = await createRoleCall(body, alterna);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ SecurityLevel: 0, Scopes: ['role:manage', 'user:manage'] });
  });

  it('needs role:manage; role:read may only read', async () => {
    const reader = await demoUserWith(['role:read']);
    const body = { Name: 'Reader Made', SecurityLevel: 2, Scopes: ['report:read'] };
    await expectRefusal(() => createRoleCall(body, reader), { status: 403, code: 403 }, allRoles);
    const list = await t.call('GET', '/api/identityRoles', { token: reader });
    expect(list.statusCode).toBe(200);
  });
});

describe('GET|PUT|DELETE /api/identity/roles/{id} of another tenant', () => {
  it('answers 404 and changes nothing', async () => {
    const url = `/api/identity/roles/${otherTenantRoleId}`;
    const unchanged = () => roleRow(otherTenantRoleId);
    expect((await t.call('GET', url, { token: admin })).statusCode).toBe(404);
    const body = { Name: 'Taken Over', SecurityLevel: 2, Scopes: ['report:read'] };
    await expectRefusal(() => updateRoleCall(otherTenantRoleId, body), { status: 404, code: 404 }, unchanged);
    await expectRefusal(() => deleteRoleCall(otherTenantRoleId), { status: 404, code: 404 }, unchanged);
    expect(await unchanged()).toMatchObject({ name: 'Other Bank Admin', scopes: ['report:read'] });
  });
});

describe('PUT /api/identity/roles/{id}', () => {
  it('renames a role and changes its scopes', async () => {
    const id = await createRole('Temp Desk', 2, ['report:read']);
    const response = await updateRoleCall(id, {
      Name: 'Temp Desk 2',
      SecurityLevel: 2,
      Scopes: ['survey:read', 'alert:read'],
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
    await expectRefusal(
      () => updateRoleCall(id, { Name: 'Administrator', SecurityLevel: 2, Scopes: ['survey:read'] }),
      { status: 400, code: 10010 },
      () => roleRow(id),
    );
    expect(await roleRow(id)).toMatchObject({ name: 'Naming Desk', scopes: ['report:read'] });

    const recased = await updateRoleCall(id, {
      Name: 'NAMING desk',
      SecurityLevel: 2,
      Scopes: ['report:read'],
    });
    expect(recased.statusCode).toBe(200);
  });

  it('keeps the scopes of an Alterna-level role (10006) but lets an Alterna user rename it', async () => {
    const id = await createRole('Alterna Core', 0, ['role:manage', 'user:manage']);
    const refusal = await expectRefusal(
      () => updateRoleCall(id, { Name: 'Alterna Core', SecurityLevel: 0, Scopes: ['role:manage'] }, alterna),
      { status: 400, code: 10006 },
      () => roleRow(id),
    );
    expect(refusal.Message).toBe('The scopes of Alterna User Level roles cannot be changed.');
    expect(await roleRow(id)).toMatchObject({
      name: 'Alterna Core',
      scopes: ['role:manage', 'user:manage'],
    });

    // The same scopes in another order are no change.
    const renamed = await updateRoleCall(
      id,
      { Name: 'Alterna Core Team', SecurityLevel: 0, Scopes: ['user:manage', 'role:manage'] },
      alterna,
    );
    expect(renamed.statusCode).toBe(200);
    expect((await roleRow(id))?.name).toBe('Alterna Core Team');
  });

  it('lets only Alterna users change an Alterna-level role or raise a role to that level (10008)', async () => {
    const alternaRole = await createRole('Alterna Audit', 0, ['user:manage']);
    await expectRefusal(
      () => updateRoleCall(alternaRole, { Name: 'Audit', SecurityLevel: 0, Scopes: ['user:manage'] }),
      { status: 403, code: 10008 },
      () => roleRow(alternaRole),
    );
    expect((await roleRow(alternaRole))?.name).toBe('Alterna Audit');

    const regular = await createRole('Would Be Alterna', 2, ['report:read']);
    await expectRefusal(
      () => updateRoleCall(regular, { Name: 'Would Be Alterna', SecurityLevel: 0, Scopes: ['report:read'] }),
      { status: 403, code: 10008 },
      () => roleRow(regular),
    );
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
    const response = await updateRoleCall(desk, {
      Name: 'Level Desk',
      SecurityLevel: 1,
      Scopes: ['report:read'],
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
    const setLevel = (SecurityLevel: number) =>
      updateRoleCall(roleId, { Name: 'Power Candidates', SecurityLevel, Scopes: ['report:read'] });

    beforeAll(async () => {
      roleId = await createRole('Power Candidates', 2, ['report:read']);
      member = await createUser('power-candidate');
      await db().insert(userRoles).values({ tenantId: t.tenantId, userId: member, roleId, position: 0 });
    });
    afterAll(() => setLimit(10));

    it('refuses a level change that takes the active power users above the limit, changing nothing', async () => {
      await setLimit(await countPowerUsersNow());
      await expectRefusal(
        () => setLevel(1),
        { status: 409, code: 10003 },
        async () => [await roleRow(roleId), await levelOf(member)],
      );
      expect((await roleRow(roleId))?.securityLevel).toBe(2);
      expect(await levelOf(member)).toBe(2);
    });

    it('does not count inactive users', async () => {
      await setLimit(await countPowerUsersNow());
      await db().update(users).set({ isActive: false }).where(eq(users.id, member));
      expect((await setLevel(1)).statusCode).toBe(200);
      // Back to level 2 and active for the next case; lowering a level never refuses.
      await db().update(users).set({ isActive: true }).where(eq(users.id, member));
      expect((await setLevel(2)).statusCode).toBe(200);
      expect(await levelOf(member)).toBe(2);
    });

    it('allows the change when the limit has room or is 0 (unlimited)', async () => {
      await setLimit(0);
      expect((await setLevel(1)).statusCode).toBe(200);
      expect(await levelOf(member)).toBe(1);
    });
  });
});

describe('DELETE /api/identity/roles/{id}', () => {
  it('removes a role no user holds', async () => {
    const id = await createRole('Short Lived', 2, ['report:read']);
    const response = await deleteRoleCall(id);
    expect(response.statusCode).toBe(204);
    expect(await roleRow(id)).toBeUndefined();
  });

  it('refuses a role held by users with 10007 and keeps it', async () => {
    const id = await createRole('Held Role', 2, ['report:read']);
    const holder = await createUser('held-role-user', { active: false });
    await db().insert(userRoles).values({ tenantId: t.tenantId, userId: holder, roleId: id, position: 0 });
    const refusal = await expectRefusal(
      () => deleteRoleCall(id),
      { status: 400, code: 10007 },
      () => roleRow(id),
    );
    expect(refusal.Message).toBe('This role is assigned to users; it cannot be removed.');
    expect(await roleRow(id)).toBeDefined();
  });

  it('refuses an Alterna-level role with 10005, even to an Alterna user', async () => {
    const id = await createRole('Alterna Keep', 0, ['alterna:manage']);
    for (const token of [alterna, admin]) {
      await expectRefusal(
        () => deleteRoleCall(id, token),
        { status: 400, code: 10005 },
        () => roleRow(id),
      );
    }
    expect(await roleRow(id)).toBeDefined();
  });

  it('answers 404 for an unknown role', async () => {
    await expectRefusal(() => deleteRoleCall(999_999), { status: 404, code: 404 }, allRoles);
  });
});

describe('the roles grid /api/identity/roles', () => {
  it("pages the tenant's roles with scope and user counts, sorted and filtered", async () => {
    const response = await t.call(
      'GET',
      `/api/identity/roles?$count=true&$top=100&$orderby=${encodeURIComponent('Name asc')}`,
      { token: admin },
    );
    expect(response.statusCode).toBe(200);
    const page = response.json<{ Items: Record<string, unknown>[]; Count: number }>();
    const own = await db().select({ id: roles.id }).from(roles).where(eq(roles.tenantId, t.tenantId));
    expect(page.Count).toBe(own.length);
    expect(page.Items.map((item) => item.Name)).not.toContain('Roles Other Bank');
    expect(page.Items.some((item) => item.Id === otherTenantRoleId)).toBe(false);
    expect(page.Items.find((item) => item.Name === 'Administrator')).toMatchObject({
      SecurityLevel: 1,
      ScopeCount: TENANT_SCOPES.length,
      UserCount: 1,
    });

    const filtered = await t.call(
      'GET',
      `/api/identity/roles?$count=true&$filter=${encodeURIComponent('UserCount gt 0 and SecurityLevel eq 1')}`,
      { token: admin },
    );
    expect(filtered.statusCode).toBe(200);
    const names = filtered.json<{ Items: { Name: string }[] }>().Items.map((item) => item.Name);
    expect(names).toContain('Administrator');
    expect(names).not.toContain('Report Viewer');
  });

  it('is refused to a user without a role scope', async () => {
    const viewer = (await t.signIn('viewer')).access_token;
    expect((await t.call('GET', '/api/identity/roles', { token: viewer })).statusCode).toBe(403);
  });
});
