import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_LIMIT_SECTION, type Tenant, type TenantListItem, type TenantOption } from '@loupe/contracts';
import {
  audits,
  journeyStages,
  licenses,
  roles,
  systemConfigurations,
  tenants,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { DEMO_TEST_USERS, DEMO_USERS } from '../../demo/demo-users.js';
import { expectRefusal } from '../../test/admin-api.js';
import { createTestApp, type ApiMethod, type TestApp } from '../../test/test-app.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';

/** The demo tenant's users: the demo users and its test users. */
const DEMO_TENANT_USER_COUNT = DEMO_USERS.length + DEMO_TEST_USERS.length;

let t: TestApp;
/** A tenantless Alterna user: manages every tenant. */
let alterna: string;
/** The demo admin: every tenant scope, bound to Demo Bank. */
let admin: string;
/** The demo admin with a token claiming alterna:manage too, as a role saved before 10006 would have given. */
let forgedAdmin: string;
let viewer: string;
/** Demo Bank's user manager without alterna:manage. */
let userManager: string;

beforeAll(async () => {
  t = await createTestApp();
  alterna = await signInNewUser(t, { userName: 'alterna', tenantId: null, scopes: ['alterna:manage'] });
  admin = (await t.signIn('admin')).access_token;
  const [adminUser] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  forgedAdmin = await t.tokenFor({
    userId: adminUser!.id,
    tenantId: t.tenantId,
    scopes: ['alterna:manage', 'user:manage'],
  });
  viewer = (await t.signIn('viewer')).access_token;
  userManager = await signInNewUser(t, {
    userName: 'usermanager',
    tenantId: t.tenantId,
    scopes: ['user:manage'],
  });
});
afterAll(async () => {
  await t?.close();
});

let firstUsers = 0;
/** A valid first Administrator user of a new tenant, with a name of its own. */
const firstUser = () => ({
  UserName: `first.admin.${++firstUsers}`,
  FullName: 'First Admin',
  Email: `first.admin.${firstUsers}@tenant.example`,
  Password: 'First123',
});

const create = (token: string, payload: Record<string, unknown>) =>
  t.call('POST', '/api/tenants', { token, body: { Administrator: firstUser(), ...payload } });

/** Removes a new tenant's users (a test's shortcut: the API deactivates users, it does not delete them). */
async function removeUsersOf(tenantId: number) {
  await t.database.db.delete(userRoles).where(eq(userRoles.tenantId, tenantId));
  await t.database.db.delete(users).where(eq(users.tenantId, tenantId));
}

const tenantCount = async () => (await t.database.db.select({ n: count() }).from(tenants))[0]!.n;

/** Every tenant and licence row: what a refused write must leave as it was. */
const tenantState = async () => ({
  tenants: await t.database.db.select().from(tenants).orderBy(asc(tenants.id)),
  licenses: await t.database.db.select().from(licenses).orderBy(asc(licenses.tenantId)),
});

async function createTenant(name: string): Promise<Tenant> {
  const response = await create(alterna, { Name: name });
  expect(response.statusCode).toBe(201);
  return response.json<Tenant>();
}

describe('tenant routes: access', () => {
  const routes: { method: ApiMethod; url: string; body?: unknown }[] = [
    { method: 'GET', url: '/api/tenants' },
    { method: 'POST', url: '/api/tenants/query', body: {} },
    { method: 'GET', url: '/api/tenants/1' },
    { method: 'POST', url: '/api/tenants', body: { Name: 'Nope' } },
    { method: 'PUT', url: '/api/tenants/1', body: { Name: 'Nope' } },
    { method: 'DELETE', url: '/api/tenants/1' },
    { method: 'GET', url: '/api/tenants/forSelect' },
  ];

  it('answers 401 without a token and 403 without alterna:manage (or user:manage for the choice list)', async () => {
    const forbidden = { status: 403, code: 403 };
    for (const route of routes) {
      await expectRefusal(
        () => t.call(route.method, route.url, { body: route.body }),
        { status: 401, code: 401 },
        tenantState,
      );
      await expectRefusal(
        () => t.call(route.method, route.url, { token: viewer, body: route.body }),
        forbidden,
        tenantState,
      );
    }
    for (const route of routes.filter((r) => r.url !== '/api/tenants/forSelect')) {
      await expectRefusal(
        () => t.call(route.method, route.url, { token: userManager, body: route.body }),
        forbidden,
        tenantState,
      );
    }
    expect(await tenantCount()).toBe(1);
  });
});

describe('POST /api/tenants', () => {
  it('creates the tenant with its config, time zone and a one-year licence of unlimited limits', async () => {
    const before = Date.now();
    const response = await create(alterna, {
      Name: '  Acme Insurance ',
      Config: { currency: 'EUR', features: { ai: true } },
      TimeZone: 'Europe/Berlin',
    });
    expect(response.statusCode).toBe(201);
    const tenant = response.json<Tenant>();
    expect(tenant).toMatchObject({
      Name: 'Acme Insurance',
      Config: { currency: 'EUR', features: { ai: true } },
      TimeZone: 'Europe/Berlin',
      // Its first Administrator user.
      UserCount: 1,
    });
    const [license] = await t.database.db.select().from(licenses).where(eq(licenses.tenantId, tenant.Id));
    expect(license).toMatchObject({
      sessionLimitPerYear: 0,
      externalSessionLimitPerYear: 0,
      userLimit: 0,
      powerUserLimit: 0,
      dataRetentionMonths: 0,
    });
    expect(license!.validFrom.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const days = (license!.validUntil.getTime() - license!.validFrom.getTime()) / 86_400_000;
    expect(days).toBe(365);
    expect(tenant.LicenseValidUntil).toBe(license!.validUntil.toISOString());
  });

  it('defaults Config to {} and TimeZone to Europe/Istanbul', async () => {
    const tenant = await createTenant('Defaults Ltd');
    expect(tenant.Config).toEqual({});
    expect(tenant.TimeZone).toBe('Europe/Istanbul');
  });

  it('refuses a name that exists in any letter case with 14001 and writes nothing', async () => {
    await expectRefusal(
      () => create(alterna, { Name: 'DEMO bank' }),
      { status: 400, code: 14001 },
      tenantState,
    );
  });

  it('refuses a Config that is not a JSON object, an empty name and an unknown time zone with 3333', async () => {
    for (const payload of [
      { Name: 'Bad Config', Config: [1, 2] },
      { Name: 'Bad Config', Config: 5 },
      { Name: '   ' },
      { Name: 'Bad Zone', TimeZone: 'Mars/Olympus' },
    ]) {
      await expectRefusal(() => create(alterna, payload), { status: 400, code: 3333 }, tenantState);
    }
  });

  it('is for installation operators only: a tenant-bound caller gets 403 even claiming alterna:manage', async () => {
    for (const token of [admin, forgedAdmin]) {
      await expectRefusal(() => create(token, { Name: 'Sneaky' }), { status: 403, code: 403 }, tenantState);
    }
  });

  it('stops at TenantLimit.MaxTenants with 14002, leaving no tenant or licence behind', async () => {
    const db = t.database.db;
    const existing = await tenantCount();
    await db.insert(systemConfigurations).values({
      tenantId: null,
      section: TENANT_LIMIT_SECTION,
      jsonConfig: JSON.stringify({ MaxTenants: existing }),
    });
    try {
      await expectRefusal(
        () => create(alterna, { Name: 'One Too Many' }),
        { status: 400, code: 14002 },
        tenantState,
      );
      expect(await tenantCount()).toBe(existing);

      await db
        .update(systemConfigurations)
        .set({ jsonConfig: JSON.stringify({ MaxTenants: existing + 1 }) })
        .where(eq(systemConfigurations.section, TENANT_LIMIT_SECTION));
      expect((await create(alterna, { Name: 'Just Fits' })).statusCode).toBe(201);
      expect((await create(alterna, { Name: 'Over Again' })).json()).toMatchObject({ Code: 14002 });

      // 0 is unlimited.
      await db
        .update(systemConfigurations)
        .set({ jsonConfig: JSON.stringify({ MaxTenants: 0 }) })
        .where(eq(systemConfigurations.section, TENANT_LIMIT_SECTION));
      expect((await create(alterna, { Name: 'Unlimited Again' })).statusCode).toBe(201);
    } finally {
      await db
        .delete(systemConfigurations)
        .where(
          and(isNull(systemConfigurations.tenantId), eq(systemConfigurations.section, TENANT_LIMIT_SECTION)),
        );
    }
  });
});

describe('GET and PUT /api/tenants/{id}', () => {
  it('reads a tenant with its user count and licence end', async () => {
    const response = await t.call('GET', `/api/tenants/${t.tenantId}`, { token: alterna });
    expect(response.statusCode).toBe(200);
    expect(response.json<Tenant>()).toMatchObject({
      Id: t.tenantId,
      Name: 'Demo Bank',
      Config: { currency: 'TRY' },
      TimeZone: 'Europe/Istanbul',
      // The demo users, its two test users and the user manager made above.
      UserCount: DEMO_TENANT_USER_COUNT + 1,
      LicenseValidUntil: expect.any(String),
    });
  });

  it('updates name, config and time zone', async () => {
    const tenant = await createTenant('Rename Me');
    const response = await t.call('PUT', `/api/tenants/${tenant.Id}`, {
      token: alterna,
      body: { Name: 'Renamed', Config: { a: 1 }, TimeZone: 'Asia/Dubai' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Tenant>()).toMatchObject({
      Id: tenant.Id,
      Name: 'Renamed',
      Config: { a: 1 },
      TimeZone: 'Asia/Dubai',
    });
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.Id));
    expect(row).toMatchObject({ name: 'Renamed', config: { a: 1 }, timeZone: 'Asia/Dubai' });
  });

  it("keeps a tenant's own name in another case, but refuses another tenant's name with 14001", async () => {
    const tenant = await createTenant('Case Co');
    const same = await t.call('PUT', `/api/tenants/${tenant.Id}`, {
      token: alterna,
      body: { Name: 'CASE CO' },
    });
    expect(same.statusCode).toBe(200);
    await expectRefusal(
      () =>
        t.call('PUT', `/api/tenants/${tenant.Id}`, {
          token: alterna,
          body: { Name: 'demo BANK', Config: { changed: true } },
        }),
      { status: 400, code: 14001 },
      tenantState,
    );
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.Id));
    expect(row).toMatchObject({ name: 'CASE CO', config: {} });
  });

  it('answers 14003 for a tenant that does not exist', async () => {
    const tenantNotFound = { status: 404, code: 14003 };
    await expectRefusal(
      () => t.call('GET', '/api/tenants/999999', { token: alterna }),
      tenantNotFound,
      tenantState,
    );
    await expectRefusal(
      () => t.call('PUT', '/api/tenants/999999', { token: alterna, body: { Name: 'Ghost' } }),
      tenantNotFound,
      tenantState,
    );
    expect((await t.database.db.select().from(tenants).where(eq(tenants.name, 'Ghost'))).length).toBe(0);
  });

  it('refuses tenant-bound callers even claiming alterna:manage: 14003 to read others, 403 to write', async () => {
    const other = await createTenant('Other Corp');
    const url = `/api/tenants/${other.Id}`;
    await expectRefusal(
      () => t.call('GET', url, { token: forgedAdmin }),
      { status: 404, code: 14003 },
      tenantState,
    );
    for (const target of [url, `/api/tenants/${t.tenantId}`]) {
      await expectRefusal(
        () => t.call('PUT', target, { token: forgedAdmin, body: { Name: 'Mine Now' } }),
        { status: 403, code: 403 },
        tenantState,
      );
    }
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, other.Id));
    expect(row!.name).toBe('Other Corp');
  });
});

describe('DELETE /api/tenants/{id}', () => {
  it('refuses a tenant with users with 14004 and keeps it', async () => {
    await expectRefusal(
      () => t.call('DELETE', `/api/tenants/${t.tenantId}`, { token: alterna }),
      { status: 400, code: 14004 },
      tenantState,
    );
    expect((await t.database.db.select().from(tenants).where(eq(tenants.id, t.tenantId))).length).toBe(1);
  });

  it('refuses a tenant that still has data with 14006 and rolls its set-up back', async () => {
    const db = t.database.db;
    const tenant = await createTenant('Has Data');
    await removeUsersOf(tenant.Id);
    await db.insert(roles).values({ tenantId: tenant.Id, name: 'Analyst', scopes: ['report:read'] });
    await db.insert(journeyStages).values({ tenantId: tenant.Id, name: 'Onboarding' });
    await db.insert(audits).values({ tenantId: tenant.Id, operationType: 7, operationScope: '/x' });

    const rolesOfTenant = () => db.select().from(roles).where(eq(roles.tenantId, tenant.Id));
    await expectRefusal(
      () => t.call('DELETE', `/api/tenants/${tenant.Id}`, { token: alterna }),
      { status: 400, code: 14006 },
      async () => ({ ...(await tenantState()), roles: await rolesOfTenant() }),
    );
    expect((await db.select().from(tenants).where(eq(tenants.id, tenant.Id))).length).toBe(1);
    expect((await db.select().from(licenses).where(eq(licenses.tenantId, tenant.Id))).length).toBe(1);
    // Its Administrator role and the Analyst role.
    expect((await db.select().from(roles).where(eq(roles.tenantId, tenant.Id))).length).toBe(2);

    await db.delete(journeyStages).where(eq(journeyStages.tenantId, tenant.Id));
    await db.delete(audits).where(eq(audits.tenantId, tenant.Id));
    const deleted = await t.call('DELETE', `/api/tenants/${tenant.Id}`, { token: alterna });
    expect(deleted.statusCode).toBe(204);
    expect((await db.select().from(tenants).where(eq(tenants.id, tenant.Id))).length).toBe(0);
    expect((await db.select().from(licenses).where(eq(licenses.tenantId, tenant.Id))).length).toBe(0);
    expect((await db.select().from(roles).where(eq(roles.tenantId, tenant.Id))).length).toBe(0);
  });

  it('answers 14003 for an unknown tenant and 403 for a tenant-bound caller', async () => {
    await expectRefusal(
      () => t.call('DELETE', '/api/tenants/999999', { token: alterna }),
      { status: 404, code: 14003 },
      tenantState,
    );
    const tenant = await createTenant('Stays Put');
    await removeUsersOf(tenant.Id);
    for (const token of [admin, forgedAdmin]) {
      await expectRefusal(
        () => t.call('DELETE', `/api/tenants/${tenant.Id}`, { token }),
        { status: 403, code: 403 },
        tenantState,
      );
    }
    expect((await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.Id))).length).toBe(1);
  });
});

describe('the tenants grid and choice list', () => {
  it('lists every tenant to a tenantless caller, with the true Count, filter and order', async () => {
    const all = await t.call('GET', '/api/tenants?$top=1000&$count=true', { token: alterna });
    expect(all.statusCode).toBe(200);
    const page = all.json<{ Items: TenantListItem[]; Count: number }>();
    expect(page.Count).toBe(await tenantCount());
    // By name (the collation decides mixed case; these two differ in their first letter).
    const names = page.Items.map((item) => item.Name);
    expect(names.indexOf('Acme Insurance')).toBeLessThan(names.indexOf('Demo Bank'));
    const demo = page.Items.find((item) => item.Id === t.tenantId);
    expect(demo).toMatchObject({
      Name: 'Demo Bank',
      UserCount: DEMO_TENANT_USER_COUNT + 1,
      LicenseValidUntil: expect.any(String),
    });

    const filtered = await t.call(
      'POST',
      `/api/tenants/query?$filter=${encodeURIComponent("contains(tolower(Name),'demo') or UserCount gt 3")}&$orderby=UserCount desc`,
      { token: alterna, body: {} },
    );
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()).toMatchObject({ Count: 1, Items: [{ Id: t.tenantId }] });
  });

  it('shows a tenant-bound caller only its own tenant', async () => {
    const response = await t.call('GET', '/api/tenants?$top=100', { token: forgedAdmin });
    expect(response.json()).toEqual({ Count: 1, Items: [expect.objectContaining({ Id: t.tenantId })] });
  });

  it('offers every tenant by name to tenantless callers and only their own to others', async () => {
    const everyone = (await t.call('GET', '/api/tenants/forSelect', { token: alterna })).json<
      TenantOption[]
    >();
    expect(everyone.length).toBe(await tenantCount());
    const names = everyone.map((option) => option.Name);
    expect(names.indexOf('Acme Insurance')).toBeLessThan(names.indexOf('Demo Bank'));
    for (const token of [admin, userManager]) {
      const own = await t.call('GET', '/api/tenants/forSelect', { token });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([{ Id: t.tenantId, Name: 'Demo Bank' }]);
    }
  });
});
