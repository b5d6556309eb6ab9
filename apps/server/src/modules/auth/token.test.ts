import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID, TENANT_SCOPES, type TokenResponse } from '@loupe/contracts';
import { oauthClients, refreshTokens, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Failed attempts count per login and per address, and three ask for a captcha (captcha.test.ts); the refusal
 * tests below each come from an address of their own, so they neither need one nor make the others need one.
 */
const passwordGrant = (
  username: string,
  password: string,
  headers?: Record<string, string>,
  remoteAddress?: string,
) =>
  postForm(
    '/token',
    { grant_type: 'password', username, password, client_id: CONSOLE_CLIENT_ID },
    headers,
    remoteAddress,
  );

const refreshGrant = (refreshToken: string) =>
  postForm('/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CONSOLE_CLIENT_ID,
  });

/** A demo-tenant user who signs in with Demo1234! (admin's hash), with some account columns set. */
async function createUser(userName: string, columns: Partial<typeof users.$inferInsert>) {
  const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  await t.database.db.insert(users).values({
    tenantId: t.tenantId,
    userName,
    fullName: userName,
    passwordHash: admin!.passwordHash,
    ...columns,
  });
}

describe('POST /token, password grant', () => {
  it('signs admin in by user name and by email, whatever the case', async () => {
    for (const login of ['admin', 'ADMIN', 'admin@demo-bank.example', 'Admin@Demo-Bank.Example']) {
      const response = await passwordGrant(login, 'Demo1234!');
      expect(response.statusCode, login).toBe(200);
      const body = response.json<TokenResponse>();
      expect(body.token_type).toBe('Bearer');
      expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.refresh_token.length).toBeGreaterThanOrEqual(32);
      expect(body.expires_in).toBe(900);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a wrong password with invalid_grant, described in the caller language', async () => {
    const turkish = await passwordGrant('admin', 'Wrong1234!', { language: 'tr' }, '10.0.1.1');
    expect(turkish.statusCode).toBe(400);
    expect(turkish.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Kullanıcı adı/e-posta veya parola hatalı.',
    });

    const english = await passwordGrant('admin', 'Wrong1234!', { language: 'en' }, '10.0.1.2');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'User name/email or password is incorrect.',
    });
  });

  it('refuses an unknown user with invalid_grant', async () => {
    const response = await passwordGrant('nobody', 'Demo1234!', {}, '10.0.1.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('refuses an inactive user with invalid_grant', async () => {
    await createUser('inactive', { isActive: false });
    const response = await passwordGrant('inactive', 'Demo1234!');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('refuses a user whose trial has ended with invalid_grant_trial_expired', async () => {
    await createUser('trial', { trialExpireDate: new Date(Date.now() - DAY_MS) });
    const response = await passwordGrant('trial', 'Demo1234!', { language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant_trial_expired',
      error_description: 'Your trial period has expired.',
    });
  });

  it('refuses a user whose password has expired with expired_password', async () => {
    await createUser('stale', { passwordExpireDate: new Date(Date.now() - DAY_MS) });
    const response = await passwordGrant('stale', 'Demo1234!');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('expired_password');
  });

  it('refuses an unknown client with invalid_client', async () => {
    const response = await postForm('/token', {
      grant_type: 'password',
      username: 'admin',
      password: 'Demo1234!',
      client_id: 'not-a-client',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_client');
  });

  it("refuses a client bound to one origin from another page's origin, and accepts its own", async () => {
    await t.database.db
      .insert(oauthClients)
      .values({ id: 'origin-bound', name: 'Origin bound', allowedOrigin: 'https://cx.example' });
    const grant = (origin?: string) =>
      postForm(
        '/token',
        { grant_type: 'password', username: 'admin', password: 'Demo1234!', client_id: 'origin-bound' },
        origin === undefined ? {} : { origin },
        '127.0.0.91',
      );
    const elsewhere = await grant('https://evil.example');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe('invalid_client');
    expect((await grant('https://cx.example')).statusCode).toBe(200);
    // No Origin: a server-side caller, authenticated by the client (and its secret, if it has one).
    expect((await grant()).statusCode).toBe(200);
    const tokens = (await grant('https://cx.example')).json<{ refresh_token: string }>();
    const refreshed = await postForm(
      '/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'origin-bound' },
      { origin: 'https://evil.example' },
    );
    expect(refreshed.json().error).toBe('invalid_client');
  });

  it('answers invalid_request without grant_type and unsupported_grant_type for an unknown grant', async () => {
    const missing = await postForm('/token', { username: 'admin', password: 'Demo1234!', client_id: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');

    const unknown = await postForm('/token', {
      grant_type: 'client_credentials',
      client_id: CONSOLE_CLIENT_ID,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('unsupported_grant_type');
  });

  it('gives admin every scope and viewer only report:read', async () => {
    const admin = await t.signIn('admin');
    const adminClaims = await t.signer.verify(admin.access_token);
    expect([...adminClaims!.scp].sort()).toEqual([...TENANT_SCOPES].sort());

    const viewer = await t.signIn('viewer');
    const viewerClaims = await t.signer.verify(viewer.access_token);
    expect(viewerClaims!.scp).toEqual(['report:read']);
    expect(viewerClaims!.tid).toBe(t.tenantId);
  });
});

describe('POST /token, refresh grant', () => {
  it('rotates: the new token works, the old one is refused and its reuse ends the whole sign-in', async () => {
    const first = await t.signIn('manager');

    const second = await refreshGrant(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json<TokenResponse>();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);

    const third = await refreshGrant(rotated.refresh_token);
    expect(third.statusCode).toBe(200);
    const latest = third.json<TokenResponse>();

    const replay = await refreshGrant(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');

    // The replay revoked the family, so the newest token of that sign-in is dead too.
    const afterReplay = await refreshGrant(latest.refresh_token);
    expect(afterReplay.statusCode).toBe(400);
    expect(afterReplay.json().error).toBe('invalid_grant');
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await t.signIn('viewer');
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(tokens.refresh_token)));

    const response = await refreshGrant(tokens.refresh_token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('refuses a refresh token it never issued', async () => {
    const response = await refreshGrant('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('stores refresh tokens only as their SHA-256', async () => {
    const tokens = await t.signIn('scoped');
    const [user] = await t.database.db.select().from(users).where(eq(users.userName, 'scoped'));
    const stored = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user!.id));

    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(tokens.refresh_token);
    expect(stored[0]!.tokenHash).toBe(sha256(tokens.refresh_token));
  });
});

describe('POST /token/revoke', () => {
  it('ends the sign-in: its refresh token no longer works', async () => {
    const tokens = await t.signIn('admin');

    const revoke = await postForm('/token/revoke', {
      token: tokens.refresh_token,
      client_id: CONSOLE_CLIENT_ID,
    });
    expect(revoke.statusCode).toBe(200);

    const response = await refreshGrant(tokens.refresh_token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });
});
