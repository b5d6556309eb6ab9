import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, roles, tenants, userRoles, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const id: Record<string, number> = {};

const userId = async (userName: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const tenantId = t.tenantId;
  id.manager = await userId('manager');
  id.viewer = await userId('viewer');
  const [managerRole] = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, id.manager));
  id.managerRole = managerRole!.id;
  const [otherRole] = await db
    .insert(roles)
    .values({ tenantId, name: 'Branch Team', scopes: ['alert:read'] })
    .returning({ id: roles.id });

  await db
    .insert(alerts)
    .values([
      { tenantId, assignedUserId: id.manager },
      { tenantId, assignedRoleId: id.managerRole },
      { tenantId, assignedUserId: id.manager, readStatus: 1 },
      { tenantId, assignedUserId: id.viewer },
      { tenantId, assignedRoleId: otherRole!.id },
      { tenantId },
    ]);

  const [other] = await db.insert(tenants).values({ name: 'Alert Other Bank' }).returning({ id: tenants.id });
  id.otherTenant = other!.id;
  const [otherUser] = await db
    .insert(users)
    .values({ tenantId: other!.id, userName: 'alert-other', fullName: 'Other', passwordHash: 'x' })
    .returning({ id: users.id });
  id.otherUser = otherUser!.id;
  await db.insert(alerts).values([
    { tenantId: other!.id, assignedUserId: otherUser!.id },
    { tenantId: other!.id, assignedUserId: id.manager },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const count = (token: string, query = '?alertOperatorStatus=0') =>
  t.call('GET', `/api/alerts/count${query}`, { token });

describe('GET /api/alerts/count', () => {
  it("answers a plain number: a reader's unread alerts assigned to them or to their role", async () => {
    const manager = (await t.signIn('manager')).access_token;
    const response = await count(manager);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('2');
    // alert:manage alone sees the same assigned alerts.
    expect(
      (
        await count(await t.tokenFor({ userId: id.manager!, tenantId: t.tenantId, scopes: ['alert:manage'] }))
      ).json(),
    ).toBe(2);
  });

  it('counts every unread alert of the tenant for alert:readall, and none of another tenant', async () => {
    const admin = (await t.signIn('admin')).access_token;
    expect((await count(admin)).json()).toBe(5);
    const otherReader = await t.tokenFor({
      userId: id.otherUser!,
      tenantId: id.otherTenant!,
      scopes: ['alert:readall'],
    });
    expect((await count(otherReader)).json()).toBe(2);
  });

  it('counts read alerts with alertOperatorStatus=1 and unread ones by default', async () => {
    const manager = await t.tokenFor({ userId: id.manager!, tenantId: t.tenantId, scopes: ['alert:read'] });
    expect((await count(manager, '?alertOperatorStatus=1')).json()).toBe(1);
    expect((await count(manager, '')).json()).toBe(2);
    const bad = await count(manager, '?alertOperatorStatus=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Code: 3333 });
  });

  it('refuses a user without an alert scope with 403', async () => {
    const viewer = (await t.signIn('viewer')).access_token;
    expect((await count(viewer)).statusCode).toBe(403);
  });
});
