import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  CONSOLE_CLIENT_ID,
  TENANT_SCOPES,
  openBootstrap,
  type Bootstrap,
  type SealedBootstrap,
} from '@loupe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const getBootstrap = (url: string, accessToken?: string) =>
  t.app.inject({ method: 'GET', url, headers: accessToken ? t.authHeader(accessToken) : {} });

describe('GET /api/bootstrap/:locale', () => {
  it("answers admin's session: version, user, every scope and a valid licence", async () => {
    const response = await getBootstrap('/api/bootstrap/en', adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json<Bootstrap>();

    expect(body.Version).toBe('1.9.5');
    expect(body.User.UserName).toBe('admin');
    expect(body.User.FullName).toBe('Demo Admin');
    expect(body.User.TenantId).toBe(t.tenantId);
    expect([...body.User.Scopes].sort()).toEqual([...TENANT_SCOPES].sort());
    expect(body.User.Roles.map((role) => role.Name)).toEqual(['Administrator']);
    expect(body.LicenseInfo.IsValid).toBe(true);
    expect(body.LicenseInfo.ExpireIn).toBeGreaterThan(360);
  });

  it('refuses a caller without a token with 401 and the error body', async () => {
    const response = await getBootstrap('/api/bootstrap/en');
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body).toEqual({ Code: 401, Message: expect.any(String), SupportId: expect.any(String) });
    expect(body.Message).not.toBe('');
  });

  it('refuses a garbage token and an expired token with 401', async () => {
    const garbage = await getBootstrap('/api/bootstrap/en', 'not.a.token');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().Code).toBe(401);

    const claims = (await t.signer.verify(adminToken))!;
    const expired = await t.signer.sign(claims, -60);
    const response = await getBootstrap('/api/bootstrap/en', expired);
    expect(response.statusCode).toBe(401);
    expect(response.json().Code).toBe(401);
  });

  it('refuses a token signed with another key with 401', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', scp: [...ALL_SCOPES], cid: CONSOLE_CLIENT_ID, iss: 'loupe' }),
    ).toString('base64url');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    const response = await getBootstrap('/api/bootstrap/en', forged);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /bootstrap/:locale (sealed)', () => {
  it("opens with the caller's token to the same payload as the plain endpoint", async () => {
    const sealed = await getBootstrap('/bootstrap/en', adminToken);
    expect(sealed.statusCode).toBe(200);
    const body = sealed.json<SealedBootstrap>();
    expect(Object.keys(body).sort()).toEqual(['Data', 'Iv']);

    const plain = (await getBootstrap('/api/bootstrap/en', adminToken)).json<Bootstrap>();
    await expect(openBootstrap(body, adminToken)).resolves.toEqual(plain);
  });

  it("cannot be opened with another user's token", async () => {
    const sealed = (await getBootstrap('/bootstrap/en', adminToken)).json<SealedBootstrap>();
    const viewerToken = (await t.signIn('viewer')).access_token;
    await expect(openBootstrap(sealed, viewerToken)).rejects.toThrow();
  });

  it('refuses a caller without a token with 401', async () => {
    const response = await getBootstrap('/bootstrap/en');
    expect(response.statusCode).toBe(401);
    expect(response.json().Code).toBe(401);
  });
});
