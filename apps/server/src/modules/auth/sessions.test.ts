import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID, type TokenResponse } from '@loupe/contracts';
import { refreshTokens, roles, userRoles, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../demo/demo-users.js';
import { accountTestKit } from '../../test/account-test-helpers.js';
import { insertTenant } from '../../test/admin-api.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Sessions end when what they were issued for changes (issue 14, item 3). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const kit = accountTestKit(() => t);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const DAY_MS = 86_400_000;

/** A cheap route open to any signed-in caller that does not itself look the user up. */
const probe = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/filter?page=sessions', headers: t.authHeader(accessToken) });

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CONSOLE_CLIENT_ID,
    }).toString(),
  });

let admin: TokenResponse;
let viewerRoleId: number;
beforeAll(async () => {
  admin = await t.signIn('admin');
  const [role] = await t.database.db.select().from(roles).where(eq(roles.name, 'Report Viewer'));
  viewerRoleId = role!.id;
});

/** A demo-tenant user holding the Report Viewer role, signing in with the demo password. */
async function viewer(userName: string) {
  const row = await kit.createUser(userName);
  await t.database.db
    .insert(userRoles)
    .values({ tenantId: t.tenantId, userId: row.id, roleId: viewerRoleId });
  return row;
}

/** The fields of a user detail the form sends back. */
function editable(detail: Record<string, unknown>) {
  const {
    Id: _id,
    IsActive: _active,
    IsTestUser: _test,
    SecurityLevel: _level,
    TwoFactorEnabled: _twoFactor,
    PasswordExpired: _expired,
    CreatedDate: _created,
    ...form
  } = detail;
  return form;
}

/** The user form as the administrator would send it back, with some fields changed. */
async function putUser(id: number, changes: Record<string, unknown>) {
  const current = await t.app.inject({
    method: 'GET',
    url: `/api/users/${id}`,
    headers: t.authHeader(admin.access_token),
  });
  expect(current.statusCode).toBe(200);
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: t.authHeader(admin.access_token),
    payload: { ...editable(current.json<Record<string, unknown>>()), ...changes },
  });
}

describe('access tokens follow the user', () => {
  it('refuses a deactivated user at once on the node that deactivated', async () => {
    const user = await viewer('sess-deact');
    const session = await t.signIn(user.userName);
    expect((await probe(session.access_token)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/deactivate`,
      headers: t.authHeader(admin.access_token),
    });
    expect(off.statusCode).toBe(200);
    expect((await probe(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(400);
  });

  it('refuses within a second a user deactivated by another node (straight in the database)', async () => {
    const user = await viewer('sess-deact-db');
    const session = await t.signIn(user.userName);
    expect((await probe(session.access_token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const start = Date.now();
    let status = 200;
    while (Date.now() - start < 3000) {
      status = (await probe(session.access_token)).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
    // The cache trusts a read for 1 s (SESSION_STATE_TTL_MS); the rest is one probe's time on a busy machine.
    expect(Date.now() - start).toBeLessThan(1500);
  });

  it('refuses the token of a user whose roles changed, and of the holders of a role whose scopes changed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/identity/roles',
      headers: t.authHeader(admin.access_token),
      payload: { Name: 'Sessions Role', SecurityLevel: 2, Scopes: ['report:read'] },
    });
    expect(created.statusCode).toBe(201);
    const roleId = created.json<{ Id: number }>().Id;
    const holder = await kit.createUser('sess-holder');
    await t.database.db.insert(userRoles).values({ tenantId: t.tenantId, userId: holder.id, roleId });
    const moved = await viewer('sess-moved');
    const holderSession = await t.signIn(holder.userName);
    const movedSession = await t.signIn(moved.userName);
    const bystander = await t.signIn('viewer');

    expect((await putUser(moved.id, { Roles: [roleId] })).statusCode).toBe(200);
    expect((await probe(movedSession.access_token)).statusCode).toBe(401);
    expect((await probe(holderSession.access_token)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/identity/roles/${roleId}`,
      headers: t.authHeader(admin.access_token),
      payload: { Name: 'Sessions Role', SecurityLevel: 2, Scopes: ['report:read', 'survey:read'] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await probe(holderSession.access_token)).statusCode).toBe(401);
    // Users of other roles keep their sessions; the refreshed token carries the new scopes.
    expect((await probe(bystander.access_token)).statusCode).toBe(200);
    const renewed = await refresh(holderSession.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await probe(renewed.json<TokenResponse>().access_token)).statusCode).toBe(200);
  });

  it('ends every session of a user moved to another tenant', async () => {
    const operator = await signInNewUser(t, {
      userName: 'sess-operator',
      tenantId: null,
      // Nobody grants a scope they do not hold: the operator holds the other tenant role's report:read.
      scopes: ['user:read', 'user:manage', 'alterna:manage', 'report:read'],
    });
    const otherTenant = await insertTenant(t, 'Sessions Other Co');
    const [otherRole] = await t.database.db
      .insert(roles)
      .values({ tenantId: otherTenant, name: 'Sessions Other Viewer', scopes: ['report:read'] })
      .returning({ id: roles.id });
    const user = await viewer('sess-moved-tenant');
    const session = await t.signIn(user.userName);
    const form = (await putUser(user.id, {})).json<Record<string, unknown>>();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: t.authHeader(operator),
      payload: { ...editable(form), TenantId: otherTenant, Roles: [otherRole!.id] },
    });
    expect(moved.statusCode).toBe(200);
    expect((await probe(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(400);
  });

  it('keeps a user signed in when the administrator changes only their title', async () => {
    const user = await viewer('sess-title');
    const session = await t.signIn(user.userName);
    expect((await putUser(user.id, { Title: 'Analyst' })).statusCode).toBe(200);
    expect((await probe(session.access_token)).statusCode).toBe(200);
  });

  it('ends every session of a user whose password an administrator set', async () => {
    const user = await viewer('sess-adminset');
    const session = await t.signIn(user.userName);
    expect((await putUser(user.id, { Password: 'Other1234', MustChangePassword: false })).statusCode).toBe(
      200,
    );
    expect((await probe(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(400);
  });
});

describe('changing one\u2019s own password', () => {
  it('ends every other session, access and refresh token alike; the caller\u2019s own sign-in carries on', async () => {
    const user = await viewer('sess-own');
    const mine = await t.signIn(user.userName);
    const other = await t.signIn(user.userName);
    const changed = await kit.postJson(
      '/api/account/change-password',
      { CurrentPassword: DEMO_PASSWORD, NewPassword: 'Changed123' },
      t.authHeader(mine.access_token),
    );
    expect(changed.statusCode).toBe(204);
    expect((await probe(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    // The caller's access token is renewed through its refresh token, as after any 401.
    const renewed = await refresh(mine.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await probe(renewed.json<TokenResponse>().access_token)).statusCode).toBe(200);
  });

  it('stops accepting current-password guesses after 3 wrong ones (429), even a right one', async () => {
    const user = await viewer('sess-guess');
    const session = await t.signIn(user.userName);
    const attempt = (current: string) =>
      kit.postJson(
        '/api/account/change-password',
        { CurrentPassword: current, NewPassword: 'Guessed123' },
        { ...t.authHeader(session.access_token), language: 'en' },
        '10.9.9.9',
      );
    for (let i = 0; i < 3; i++) expect((await attempt(`Wrong${i}abc`)).statusCode).toBe(400);
    const blocked = await attempt(DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      Code: 429,
      Message: 'Too many requests. Please wait and try again.',
    });
    expect((await kit.user(user.userName)).passwordHash).toBe(user.passwordHash);
  });
});

describe('refresh tokens', () => {
  it('never outlive the sign-in\u2019s lifetime, however often they are rotated', async () => {
    const user = await viewer('sess-rotate');
    const session = await t.signIn(user.userName);
    // The sign-in is near the end of its lifetime: one hour left.
    const end = new Date(Date.now() + 3_600_000);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: end })
      .where(eq(refreshTokens.tokenHash, sha256(session.refresh_token)));
    const rotated = await refresh(session.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const [next] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(rotated.json<TokenResponse>().refresh_token)));
    expect(next!.expiresAt.getTime()).toBeLessThanOrEqual(end.getTime());
    expect(next!.expiresAt.getTime()).toBeLessThan(Date.now() + DAY_MS);
  });
});

describe('POST /api/account/sign-out-everywhere', () => {
  it('ends every session of the caller, this one included', async () => {
    const user = await viewer('sess-everywhere');
    const one = await t.signIn(user.userName);
    const two = await t.signIn(user.userName);
    const answer = await kit.postJson('/api/account/sign-out-everywhere', {}, t.authHeader(one.access_token));
    expect(answer.statusCode).toBe(204);
    for (const session of [one, two]) {
      expect((await probe(session.access_token)).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(400);
    }
    // Signing in again works.
    const again = await t.signIn(user.userName);
    expect((await probe(again.access_token)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await kit.postJson('/api/account/sign-out-everywhere', {})).statusCode).toBe(401);
  });
});
