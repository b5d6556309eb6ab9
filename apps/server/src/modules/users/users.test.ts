// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { and, asc, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  CONSOLE_CLIENT_ID,
  ErrorCode,
  SecurityLevel,
  type GridPage,
  type Scope,
  type TestUserListItem,
  type UserDetail,
  type UserForSelectItem,
  type UserListItem,
} from '@loupe/contracts';
import {
  employees,
  licenses,
  products,
  roles,
  transactionChannels,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { expectRefusal, insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { hashPassword } from '../../core/password.js';
import { countActivePowerUsers } from './power-users.js';

const PASSWORD = 'Start123';

let t: TestApp;
let adminToken: string;
/** Fixture ids by name. */
const id: Record<string, number> = {};
let otherTenantId: number;
let passwordHash: string;

const db = () => t.database.db;

async function insertRole(name: string, tenantId: number | null, securityLevel: number) {
  const [row] = await db()
    .insert(roles)
    .values({ name, tenantId, securityLevel, scopes: ['report:read'] })
    .returning({ id: roles.id });
  return row!.id;
}

async function insertUser(values: {
  userName: string;
  tenantId: number | null;
  roleId: number;
  securityLevel: number;
  isTestUser?: boolean;
  isActive?: boolean;
}) {
  const { roleId, ...rest } = values;
  const [row] = await db()
    .insert(users)
    .values({ ...rest, fullName: values.userName, passwordHash })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId: values.tenantId, userId: row!.id, roleId, position: 0 });
  return row!.id;
}

/** Everything a user write may touch, to prove that a refused write changed nothing. */
async function snapshot() {
  const userRows = await db().select().from(users).orderBy(asc(users.id));
  const roleRows = await db().select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId));
  return JSON.stringify({ userRows, roleRows });
}

/** The tenantless Alterna user, or Demo Bank's user manager, holding exactly `scopes`. */
const alternaWith = (scopes: readonly Scope[]) =>
  t.tokenFor({ userId: id.alterna!, tenantId: null, scopes: [...scopes] });
/** The tenantless Alterna user holding every scope: an installation operator. */
const operatorToken = () => alternaWith(ALL_SCOPES);
const managerWith = (scopes: Scope[]) => t.tokenFor({ userId: id.manager!, tenantId: t.tenantId, scopes });

/** A valid create form; `overrides` replaces fields. */
function form(overrides: Record<string, unknown> = {}) {
  return {
    UserName: `user${Math.random().toString(36).slice(2, 10)}`,
    FullName: 'New Person',
    Email: 'new.person@demo-bank.example',
    MSISDN: '+905551112233',
    Title: 'Analyst',
    Department: 'CX',
    Language: 'en',
    TransactionChannels: [],
    Products: [],
    Employees: [],
    Roles: [id.regularRole],
    Password: PASSWORD,
    MustChangePassword: false,
    ...overrides,
  };
}

const expectRefused = (request: () => Promise<LightMyRequestResponse>, status: number, code: number) =>
  expectRefusal(request, { status, code }, snapshot);

async function setPowerUserLimit(limit: number) {
  await db().update(licenses).set({ powerUserLimit: limit }).where(eq(licenses.tenantId, t.tenantId));
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin')).access_token;
  passwordHash = await hashPassword(PASSWORD);
  otherTenantId = await insertTenant(t, 'Other Co');

  const [adminRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrator'));
  id.powerRole = adminRole!.id;
  const [viewerRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'Report Viewer'));
  id.regularRole = viewerRole!.id;
  id.alternaRole = await insertRole('Alterna Staff', t.tenantId, SecurityLevel.Alterna);
  id.otherRole = await insertRole('Other Viewer', otherTenantId, SecurityLevel.Regular);
  id.otherPowerRole = await insertRole('Other Admin', otherTenantId, SecurityLevel.Power);
  id.systemRole = await insertRole('System', null, SecurityLevel.Alterna);

  id.otherUser = await insertUser({
    userName: 'other.user',
    tenantId: otherTenantId,
    roleId: id.otherRole,
    securityLevel: SecurityLevel.Regular,
  });
  id.alterna = await insertUser({
    userName: 'alterna.root',
    tenantId: null,
    roleId: id.systemRole,
    securityLevel: SecurityLevel.Alterna,
  });
  id.manager = await insertUser({
    userName: 'user.manager',
    tenantId: t.tenantId,
    roleId: id.regularRole,
    securityLevel: SecurityLevel.Regular,
  });

  for (const [table, name, tenantId] of [
    [transactionChannels, 'channel', t.tenantId],
    [transactionChannels, 'otherChannel', otherTenantId],
    [products, 'product', t.tenantId],
    [products, 'otherProduct', otherTenantId],
  ] as const) {
    const [row] = await db()
      .insert(table)
      .values({ tenantId, name, code: name, level: 1, path: [] })
      .returning({ id: table.id });
    id[name] = row!.id;
  }
  const [employee] = await db()
    .insert(employees)
    .values({ tenantId: t.tenantId, fullName: 'Emre Employee', code: 'E1' })
    .returning({ id: employees.id });
  id.employee = employee!.id;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await setPowerUserLimit(0);
});

describe('GET /api/users (grid)', () => {
  it('answers the requested page and the true count (acceptance)', async () => {
    const response = await t.call('GET', '/api/users?$top=2&$skip=0&$count=true&$orderby=UserName', {
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<GridPage<UserListItem>>();
    const [row] = await db()
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.tenantId, t.tenantId), eq(users.isTestUser, false)));
    expect(page.Items).toHaveLength(2);
    expect(page.Count).toBe(row!.value);
    expect(page.Count).toBeGreaterThan(2);
    const names = page.Items.map((item) => item.UserName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page.Items.every((item) => item.TenantId === t.tenantId)).toBe(true);
  });

  it('answers a $filter that tries SQL with no rows and no error', async () => {
    const before = await snapshot();
    const filter = encodeURIComponent("UserName eq 'x'' or 1=1 --'");
    const response = await t.call('GET', `/api/users?$filter=${filter}&$count=true`, { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ Items: [], Count: 0 });
    expect(await snapshot()).toBe(before);
  });

  it('refuses an unknown field in $filter or $orderby with 400', async () => {
    const filter = await t.call('GET', `/api/users?$filter=${encodeURIComponent("PasswordHash eq 'x'")}`, {
      token: adminToken,
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().Code).toBe(ErrorCode.ModelNotValid);
    const order = await t.call('GET', '/api/users?$orderby=password_hash', { token: adminToken });
    expect(order.statusCode).toBe(400);
  });

  it('shows the roles, the first role and the security level of each row', async () => {
    const filter = encodeURIComponent("UserName eq 'admin'");
    const page = (await t.call('GET', `/api/users?$filter=${filter}`, { token: adminToken })).json<
      GridPage<UserListItem>
    >();
    expect(page.Items).toEqual([
      expect.objectContaining({
        UserName: 'admin',
        Roles: 'Administrator',
        RoleName: 'Administrator',
        SecurityLevel: SecurityLevel.Power,
        TenantName: 'Demo Bank',
        IsActive: true,
      }),
    ]);
    const byRole = await t.call(
      'GET',
      `/api/users?$filter=${encodeURIComponent("RoleName eq 'Report Viewer'")}`,
      { token: adminToken },
    );
    expect(byRole.json<GridPage<UserListItem>>().Items.map((item) => item.RoleName)).not.toContain(
      'Administrator',
    );
  });

  it("never lists another tenant's users; a tenantless Alterna user sees every tenant", async () => {
    const filter = encodeURIComponent("UserName eq 'other.user'");
    const own = await t.call('GET', `/api/users?$filter=${filter}`, { token: adminToken });
    expect(own.json()).toEqual({ Items: [], Count: 0 });

    const alternaToken = await alternaWith(['user:read', 'alterna:manage']);
    const all = await t.call('GET', `/api/users?$filter=${filter}`, { token: alternaToken });
    expect(all.json<GridPage<UserListItem>>().Items.map((item) => item.TenantName)).toEqual(['Other Co']);
  });

  it('refuses a caller without user:read or user:manage', async () => {
    const viewer = (await t.signIn('viewer')).access_token;
    expect((await t.call('GET', '/api/users', { token: viewer })).statusCode).toBe(403);
  });

  it('exports the requested columns as an .xlsx a spreadsheet reader opens', async () => {
    const list = (await t.call('GET', '/api/users?$top=100&$orderby=UserName', { token: adminToken })).json<
      GridPage<UserListItem>
    >();
    const response = await t.call('POST', '/api/users/export?$orderby=UserName', {
      token: adminToken,
      body: {
        Filter: {},
        TotalCountForExport: list.Count,
        FileName: 'users',
        Columns: [
          { Field: 'UserName', Title: 'User name' },
          { Field: 'FullName', Title: 'Full name' },
          { Field: 'RoleName', Title: 'Role' },
          { Field: 'IsActive', Title: 'Active' },
          { Field: 'CreatedDate', Title: 'Created' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('users.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'User name',
      'Full name',
      'Role',
      'Active',
      'Created',
    ]);
    expect(sheet.actualRowCount).toBe(list.Count + 1);
    const first = list.Items[0]!;
    const row2 = sheet.getRow(2);
    expect(row2.getCell(1).value).toBe(first.UserName);
    expect(row2.getCell(2).value).toBe(first.FullName);
    expect(row2.getCell(3).value).toBe(first.RoleName);
    expect(row2.getCell(4).value).toBe(first.IsActive);
    expect(row2.getCell(5).value).toBeInstanceOf(Date);
  });
});

describe('POST /api/users', () => {
  it('creates a user with ordered roles, restrictions and an expired first password', async () => {
    const response = await t.call('POST', '/api/users', {
      token: adminToken,
      body: form({
        UserName: 'new.analyst',
        Roles: [id.regularRole, id.powerRole],
        TransactionChannels: [id.channel],
        Products: [id.product],
        Employees: [id.employee],
        MustChangePassword: true,
        TrialExpireDate: '2030-01-01T00:00:00.000Z',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json<UserDetail>();
    expect(user).toMatchObject({
      UserName: 'new.analyst',
      TenantId: t.tenantId,
      Roles: [id.regularRole, id.powerRole],
      TransactionChannels: [id.channel],
      Products: [id.product],
      Employees: [id.employee],
      // The first role decides: Report Viewer is regular, though the second role is a power role.
      SecurityLevel: SecurityLevel.Regular,
      IsActive: true,
      IsTestUser: false,
      PasswordExpired: true,
      TrialExpireDate: '2030-01-01T00:00:00.000Z',
    });
    const positions = await db()
      .select({ roleId: userRoles.roleId, position: userRoles.position })
      .from(userRoles)
      .where(eq(userRoles.userId, user.Id))
      .orderBy(asc(userRoles.position));
    expect(positions).toEqual([
      { roleId: id.regularRole, position: 0 },
      { roleId: id.powerRole, position: 1 },
    ]);
    await expect(t.signIn('new.analyst', PASSWORD)).rejects.toThrow(/expired_password/);

    const filter = encodeURIComponent(
      "contains(tolower(Roles),'administrator') and UserName eq 'new.analyst'",
    );
    const grid = (await t.call('GET', `/api/users?$filter=${filter}`, { token: adminToken })).json<
      GridPage<UserListItem>
    >();
    expect(grid.Items).toEqual([
      expect.objectContaining({ Roles: 'Report Viewer, Administrator', RoleName: 'Report Viewer' }),
    ]);
  });

  it('signs the new user in with the initial password when no change is required', async () => {
    const created = await t.call('POST', '/api/users', {
      token: adminToken,
      body: form({ UserName: 'ready.user' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const tokens = await t.signIn('ready.user', PASSWORD);
    expect(tokens.access_token).toBeTruthy();
  });

  it('refuses a user name already taken, in any case, with 10009', async () => {
    await expectRefused(
      () => t.call('POST', '/api/users', { token: adminToken, body: form({ UserName: 'ADMIN' }) }),
      409,
      10009,
    );
  });

  it('refuses a password outside the rule and a missing password with 400', async () => {
    for (const Password of ['short', undefined]) {
      await expectRefused(
        () => t.call('POST', '/api/users', { token: adminToken, body: form({ Password }) }),
        400,
        3333,
      );
    }
  });

  it('refuses roles and restrictions of another tenant with 2100', async () => {
    for (const overrides of [
      { Roles: [id.otherRole] },
      { TransactionChannels: [id.otherChannel] },
      { Products: [id.product, id.otherProduct] },
      { Roles: [999_999] },
    ]) {
      await expectRefused(
        () => t.call('POST', '/api/users', { token: adminToken, body: form(overrides) }),
        400,
        2100,
      );
    }
  });

  it('refuses an Alterna-level role unless the caller is an Alterna user (10008)', async () => {
    await expectRefused(
      () => t.call('POST', '/api/users', { token: adminToken, body: form({ Roles: [id.alternaRole] }) }),
      403,
      10008,
    );
    const alternaToken = await operatorToken();
    const created = await t.call('POST', '/api/users', {
      token: alternaToken,
      body: form({ UserName: 'bank.alterna', TenantId: t.tenantId, Roles: [id.alternaRole] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<UserDetail>()).toMatchObject({
      TenantId: t.tenantId,
      SecurityLevel: SecurityLevel.Alterna,
    });
  });

  it('refuses choosing a tenant without alterna:manage (14005)', async () => {
    const managerToken = await managerWith(['user:read', 'user:manage', 'report:read']);
    await expectRefused(
      () =>
        t.call('POST', '/api/users', {
          token: managerToken,
          body: form({ TenantId: otherTenantId, Roles: [id.otherRole] }),
        }),
      403,
      14005,
    );
    // Naming the caller's own tenant is no change.
    const own = await t.call('POST', '/api/users', {
      token: managerToken,
      body: form({ TenantId: t.tenantId }),
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('refuses a power user over the licence (10001) and counts only power users', async () => {
    const current = await countActivePowerUsers(db(), t.tenantId);
    await setPowerUserLimit(current);
    await expectRefused(
      () => t.call('POST', '/api/users', { token: adminToken, body: form({ Roles: [id.powerRole] }) }),
      409,
      10001,
    );
    await setPowerUserLimit(current + 1);
    const created = await t.call('POST', '/api/users', {
      token: adminToken,
      body: form({ Roles: [id.powerRole] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await countActivePowerUsers(db(), t.tenantId)).toBe(current + 1);
    await expectRefused(
      () => t.call('POST', '/api/users', { token: adminToken, body: form({ Roles: [id.powerRole] }) }),
      409,
      10001,
    );
    // A regular user is never counted.
    expect((await t.call('POST', '/api/users', { token: adminToken, body: form() })).statusCode).toBe(201);
  });

  it('refuses a caller holding only user:read with 403', async () => {
    const readerToken = await managerWith(['user:read']);
    await expectRefused(() => t.call('POST', '/api/users', { token: readerToken, body: form() }), 403, 403);
  });
});

describe('PUT /api/users/:id', () => {
  async function create(overrides: Record<string, unknown> = {}, token = adminToken) {
    const response = await t.call('POST', '/api/users', { token, body: form(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UserDetail>();
  }

  /** `PUT /api/users/{id}` of `user` with a valid form under its own name; `overrides` replaces fields. */
  const replace = (user: UserDetail, overrides: Record<string, unknown>, token = adminToken) =>
    t.call('PUT', `/api/users/${user.Id}`, { token, body: form({ UserName: user.UserName, ...overrides }) });

  it('replaces the form and keeps the security level of the first role', async () => {
    const user = await create();
    const response = await replace(user, {
      FullName: 'Renamed',
      Roles: [id.powerRole, id.regularRole],
      Password: undefined,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserDetail>()).toMatchObject({
      FullName: 'Renamed',
      Roles: [id.powerRole, id.regularRole],
      SecurityLevel: SecurityLevel.Power,
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.Id));
    expect(row!.securityLevel).toBe(SecurityLevel.Power);
    // No password given: the old one still signs in.
    await expect(t.signIn(user.UserName, PASSWORD)).resolves.toBeTruthy();
  });

  it("answers 404 for another tenant's user and for a test user", async () => {
    await expectRefused(
      () =>
        t.call('PUT', `/api/users/${id.otherUser}`, {
          token: adminToken,
          body: form({ Password: undefined }),
        }),
      404,
      404,
    );
    expect((await t.call('GET', `/api/users/${id.otherUser}`, { token: adminToken })).statusCode).toBe(404);
    const tester = await t.call('POST', '/api/test-users', { token: adminToken, body: form() });
    expect(
      (await t.call('GET', `/api/users/${tester.json<UserDetail>().Id}`, { token: adminToken })).statusCode,
    ).toBe(404);
  });

  it('refuses making a user a power user over the licence (10002)', async () => {
    const user = await create();
    await setPowerUserLimit(await countActivePowerUsers(db(), t.tenantId));
    await expectRefused(() => replace(user, { Roles: [id.powerRole] }), 409, 10002);
  });

  it('lets an existing power user be edited while the licence is full', async () => {
    const user = await create({ Roles: [id.powerRole] });
    await setPowerUserLimit(await countActivePowerUsers(db(), t.tenantId));
    const response = await replace(user, { Title: 'Lead', Roles: [id.powerRole] });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a tenant change to all but installation operators (14005) and allows it to them', async () => {
    const user = await create();
    const managerToken = await managerWith(['user:manage']);
    for (const token of [managerToken, adminToken]) {
      await expectRefused(
        () => replace(user, { TenantId: otherTenantId, Roles: [id.otherRole] }, token),
        403,
        14005,
      );
    }
    // For an operator, the roles must follow the user to the new tenant.
    const operator = await operatorToken();
    await expectRefused(() => replace(user, { TenantId: otherTenantId }, operator), 400, 2100);
    const moved = await replace(user, { TenantId: otherTenantId, Roles: [id.otherRole] }, operator);
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.Id));
    expect(row!.tenantId).toBe(otherTenantId);
    const [link] = await db().select().from(userRoles).where(eq(userRoles.userId, user.Id));
    expect(link!.tenantId).toBe(otherTenantId);
  });

  it('refuses a non-Alterna caller editing an Alterna-level user (10008)', async () => {
    const alternaToken = await operatorToken();
    const user = await create({ TenantId: t.tenantId, Roles: [id.alternaRole] }, alternaToken);
    await expectRefused(() => replace(user, { Roles: [id.regularRole] }), 403, 10008);
    await expectRefused(
      () => t.call('PUT', `/api/users/${user.Id}/deactivate`, { token: adminToken }),
      403,
      10008,
    );
  });

  it('sets a new password, which ends the sessions of the user', async () => {
    const user = await create();
    const tokens = await t.signIn(user.UserName, PASSWORD);
    const response = await replace(user, { Password: 'Other456', MustChangePassword: false });
    expect(response.statusCode, response.body).toBe(200);
    await expect(t.signIn(user.UserName, 'Other456')).resolves.toBeTruthy();
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: CONSOLE_CLIENT_ID,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
  });
});

describe('PUT /api/users/:id/activate and /deactivate', () => {
  it('deactivates (sign-in refused) and activates again', async () => {
    const created = await t.call('POST', '/api/users', {
      token: adminToken,
      body: form({ UserName: 'toggle.user' }),
    });
    const user = created.json<UserDetail>();
    const off = await t.call('PUT', `/api/users/${user.Id}/deactivate`, { token: adminToken });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<UserDetail>().IsActive).toBe(false);
    await expect(t.signIn('toggle.user', PASSWORD)).rejects.toThrow(/invalid_grant/);
    const select = (await t.call('GET', '/api/users/forSelect', { token: adminToken })).json<
      UserForSelectItem[]
    >();
    expect(select.map((item) => item.Id)).not.toContain(user.Id);

    const on = await t.call('PUT', `/api/users/${user.Id}/activate`, { token: adminToken });
    expect(on.json<UserDetail>().IsActive).toBe(true);
    await expect(t.signIn('toggle.user', PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses activating a power user over the licence (10004)', async () => {
    const created = await t.call('POST', '/api/users', {
      token: adminToken,
      body: form({ Roles: [id.powerRole] }),
    });
    const user = created.json<UserDetail>();
    await t.call('PUT', `/api/users/${user.Id}/deactivate`, { token: adminToken });
    await setPowerUserLimit(await countActivePowerUsers(db(), t.tenantId));
    await expectRefused(
      () => t.call('PUT', `/api/users/${user.Id}/activate`, { token: adminToken }),
      409,
      10004,
    );
  });

  it('refuses deactivating yourself and users of another tenant', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    await expectRefused(
      () => t.call('PUT', `/api/users/${admin!.id}/deactivate`, { token: adminToken }),
      403,
      403,
    );
    await expectRefused(
      () => t.call('PUT', `/api/users/${id.otherUser}/deactivate`, { token: adminToken }),
      404,
      404,
    );
  });
});

describe('GET /api/users/forSelect', () => {
  it("lists the tenant's active users by full name, without test users", async () => {
    const response = await t.call('GET', '/api/users/forSelect', { token: adminToken });
    expect(response.statusCode).toBe(200);
    const items = response.json<UserForSelectItem[]>();
    const rows = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, t.tenantId), eq(users.isActive, true), eq(users.isTestUser, false)));
    expect(items.map((item) => item.Id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(items).toContainEqual({ Id: expect.any(Number), FullName: 'Demo Admin', UserName: 'admin' });
  });

  it('opens to alert:manage, who chooses alert owners, and not to alert:read alone', async () => {
    const alertManager = await managerWith(['alert:manage']);
    const response = await t.call('GET', '/api/users/forSelect', { token: alertManager });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserForSelectItem[]>().map((item) => item.UserName)).toContain('manager');
    const alertReader = await managerWith(['alert:read']);
    expect((await t.call('GET', '/api/users/forSelect', { token: alertReader })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/test-users/forSelect', { token: alertManager })).statusCode).toBe(403);
  });

  it('opens to annotation:manage, whose annotator form links a user, and not to annotation:read alone', async () => {
    const annotationManager = await managerWith(['annotation:manage']);
    const response = await t.call('GET', '/api/users/forSelect', { token: annotationManager });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserForSelectItem[]>().map((item) => item.UserName)).toContain('manager');
    const annotationReader = await managerWith(['annotation:read']);
    expect((await t.call('GET', '/api/users/forSelect', { token: annotationReader })).statusCode).toBe(403);
  });
});

describe('/api/test-users', () => {
  it("creates test users in the caller's tenant, listed apart from the users", async () => {
    const testerToken = await managerWith(['user:test', 'report:read']);
    const created = await t.call('POST', '/api/test-users', {
      token: testerToken,
      body: form({
        UserName: 'survey.tester',
        TenantId: otherTenantId,
        TrialExpireDate: '2030-01-01T00:00:00Z',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const tester = created.json<UserDetail>();
    // Tenant and trial are not fields of a test user: ignored.
    expect(tester).toMatchObject({ IsTestUser: true, TenantId: t.tenantId, TrialExpireDate: null });

    const list = await t.call('GET', '/api/test-users?$count=true', { token: testerToken });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<GridPage<TestUserListItem>>();
    expect(page.Items.map((item) => item.UserName)).toContain('survey.tester');
    expect(page.Items[0]).not.toHaveProperty('TenantId');
    const users = await t.call(
      'GET',
      `/api/users?$filter=${encodeURIComponent("UserName eq 'survey.tester'")}`,
      { token: adminToken },
    );
    expect(users.json()).toEqual({ Items: [], Count: 0 });

    expect((await t.call('GET', `/api/test-users/${tester.Id}`, { token: testerToken })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/api/users', { token: testerToken })).statusCode).toBe(403);
    const off = await t.call('PUT', `/api/test-users/${tester.Id}/deactivate`, { token: testerToken });
    expect(off.json<UserDetail>().IsActive).toBe(false);
  });

  it('answers 404 for a regular user through the test-user routes', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    expect((await t.call('GET', `/api/test-users/${admin!.id}`, { token: adminToken })).statusCode).toBe(404);
  });
});

describe('GET /api/users/roleChoices', () => {
  it("lists another tenant's roles only to a caller who may choose the tenant", async () => {
    const operator = await operatorToken();
    const response = await t.call('GET', `/api/users/roleChoices?tenantId=${otherTenantId}`, {
      token: operator,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { Id: id.otherPowerRole, Name: 'Other Admin', SecurityLevel: SecurityLevel.Power },
      { Id: id.otherRole, Name: 'Other Viewer', SecurityLevel: SecurityLevel.Regular },
    ]);
    const managerToken = await managerWith(['user:manage']);
    const refused = await t.call('GET', `/api/users/roleChoices?tenantId=${otherTenantId}`, {
      token: managerToken,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Code).toBe(ErrorCode.TenantChangeNotAllowed);
    const own = await t.call('GET', `/api/users/roleChoices?tenantId=${t.tenantId}`, { token: managerToken });
    expect(own.json<{ Name: string }[]>().map((role) => role.Name)).toContain('Report Viewer');
    expect(
      (await t.call('GET', '/api/users/roleChoices?tenantId=999999', { token: operator })).json().Code,
    ).toBe(ErrorCode.TenantNotFound);
    // Any other caller gets the same answer for a tenant that exists and one that does not.
    for (const tenantId of [otherTenantId, 999_999]) {
      const answer = await t.call('GET', `/api/users/roleChoices?tenantId=${tenantId}`, {
        token: adminToken,
      });
      expect(answer.json().Code).toBe(ErrorCode.TenantChangeNotAllowed);
    }
  });
});
