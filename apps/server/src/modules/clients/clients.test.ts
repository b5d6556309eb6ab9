import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID, type ClientSaved } from '@loupe/contracts';
import { oauthClients, refreshTokens, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../demo/demo-users.js';
import { expectRefusal, insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let adminId: number;
let otherTenantId: number;

const db = () => t.database.db;

/** `POST /token` with the password grant as the demo admin, through a given client. */
function signInThrough(clientId: string, clientSecret?: string) {
  const fields: Record<string, string> = {
    grant_type: 'password',
    username: 'admin',
    password: DEMO_PASSWORD,
    client_id: clientId,
  };
  if (clientSecret !== undefined) fields.client_secret = clientSecret;
  return t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const clientRow = async (id: string) =>
  (await db().select().from(oauthClients).where(eq(oauthClients.id, id)))[0];
/** Every client row: what a refused write must leave as it was. */
const allClients = () => db().select().from(oauthClients).orderBy(asc(oauthClients.id));

const base = {
  Name: 'Reporting API',
  ApplicationType: 0,
  Active: true,
  AllowedOrigin: '*',
  AccessTokenLifeTime: 600,
  RefreshTokenLifeTime: 3600,
  Scopes: [] as string[],
};

async function create(body: Record<string, unknown>) {
  return t.call('POST', '/api/clients', { token: admin, body: { ...base, ...body } });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).access_token;
  adminId = (await db().select({ id: users.id }).from(users).where(eq(users.userName, 'admin')))[0]!.id;
  otherTenantId = await insertTenant(t, 'Clients Other Bank');
  await db()
    .insert(oauthClients)
    .values({ id: 'other-bank-app', tenantId: otherTenantId, name: 'Other app' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/clients', () => {
  it('creates a public client in the caller tenant, without a secret', async () => {
    const response = await create({ Id: 'public-app', AllowedOrigin: 'https://reports.demo-bank.example/' });
    expect(response.statusCode).toBe(201);
    const client = response.json<ClientSaved>();
    expect(client).toMatchObject({
      Id: 'public-app',
      ApplicationType: 0,
      AllowedOrigin: 'https://reports.demo-bank.example',
      TenantId: t.tenantId,
      HasSecret: false,
    });
    expect(client).not.toHaveProperty('Secret');
    expect((await clientRow('public-app'))?.secretHash).toBeNull();
  });

  it('generates the secret of a confidential client, stores only its hash and shows it once', async () => {
    const response = await create({
      Id: 'confidential-app',
      ApplicationType: 1,
      Scopes: ['user:read', 'report:read'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { Secret, ...client } = response.json<ClientSaved>();
    expect(Secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client).toMatchObject({ HasSecret: true, Scopes: ['report:read', 'user:read'] });

    const stored = await clientRow('confidential-app');
    expect(stored?.secretHash).toBe(createHash('sha256').update(Secret!).digest('base64url'));
    expect(JSON.stringify(stored)).not.toContain(Secret);

    const read = await t.call('GET', '/api/clients/confidential-app', { token: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('Secret');
    expect(read.body).not.toContain(Secret);
    const list = await t.call('GET', '/api/clients?$top=100', { token: admin });
    expect(list.body).not.toContain(Secret);

    // The secret works at POST /token, and the client's scopes and lifetime shape the tokens.
    const signedIn = await signInThrough('confidential-app', Secret);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ expires_in: 600 });
    const claims = await t.signer.verify(signedIn.json<{ access_token: string }>().access_token);
    expect(claims?.scp).toEqual(['report:read', 'user:read']);
    expect(claims?.cid).toBe('confidential-app');

    for (const wrong of [undefined, 'not-the-secret']) {
      const refused = await signInThrough('confidential-app', wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('refuses an id in use, in any tenant or by the console, with 10011 and adds nothing', async () => {
    for (const id of ['public-app', 'other-bank-app', CONSOLE_CLIENT_ID]) {
      const refusal = await expectRefusal(
        () => create({ Id: id, Name: 'Copy' }),
        { status: 400, code: 10011 },
        allClients,
      );
      expect(refusal.Message).toBe('A client with this id already exists.');
    }
    expect((await clientRow('other-bank-app'))?.name).toBe('Other app');
  });

  it('refuses a bad id, origin, lifetime or scope (3333)', async () => {
    for (const body of [
      { Id: 'a b' },
      { Id: 'x' },
      { Id: 'bad-origin-1', AllowedOrigin: 'ftp://files.example' },
      { Id: 'bad-origin-2', AllowedOrigin: 'https://app.example/path' },
      { Id: 'bad-origin-3', AllowedOrigin: 'not a url' },
      { Id: 'bad-life-1', AccessTokenLifeTime: 10 },
      { Id: 'bad-life-2', AccessTokenLifeTime: 90_000 },
      { Id: 'bad-life-3', RefreshTokenLifeTime: 400_000_000 },
      { Id: 'bad-life-4', AccessTokenLifeTime: 3600, RefreshTokenLifeTime: 1800 },
      { Id: 'bad-scope', Scopes: ['root:everything'] },
      { Id: 'bad-type', ApplicationType: 2 },
    ]) {
      await expectRefusal(() => create(body), { status: 400, code: 3333 }, allClients);
    }
  });

  it('needs client:manage; client:read may only read', async () => {
    const reader = await t.tokenFor({
      userId: adminId,
      tenantId: t.tenantId,
      scopes: ['client:read'],
    });
    const body = { ...base, Id: 'reader-made' };
    await expectRefusal(
      () => t.call('POST', '/api/clients', { token: reader, body }),
      { status: 403, code: 403 },
      allClients,
    );
    expect((await t.call('GET', '/api/clients/public-app', { token: reader })).statusCode).toBe(200);
    const viewer = (await t.signIn('viewer')).access_token;
    expect((await t.call('GET', '/api/clients', { token: viewer })).statusCode).toBe(403);
  });
});

describe('POST /api/clients/{id}/secret', () => {
  it('replaces the secret: the new one works once shown, the old one no longer', async () => {
    const created = (await create({ Id: 'rotating-app', ApplicationType: 1 })).json<ClientSaved>();
    const response = await t.call('POST', '/api/clients/rotating-app/secret', { token: admin });
    expect(response.statusCode).toBe(200);
    const { Id, Secret } = response.json<{ Id: string; Secret: string }>();
    expect(Id).toBe('rotating-app');
    expect(Secret).not.toBe(created.Secret);
    expect((await signInThrough('rotating-app', Secret)).statusCode).toBe(200);
    expect((await signInThrough('rotating-app', created.Secret)).json()).toMatchObject({
      error: 'invalid_client',
    });
  });

  it('refuses a public client (3333) and another tenant client (404)', async () => {
    const newSecret = (id: string) => () => t.call('POST', `/api/clients/${id}/secret`, { token: admin });
    await expectRefusal(newSecret('public-app'), { status: 400, code: 3333 }, allClients);
    expect((await clientRow('public-app'))?.secretHash).toBeNull();
    await expectRefusal(newSecret('other-bank-app'), { status: 404, code: 404 }, allClients);
  });
});

describe('PUT /api/clients/{id}', () => {
  it('changes the fields; a client made confidential gets a secret once, made public loses it', async () => {
    await create({ Id: 'changing-app' });
    const url = '/api/clients/changing-app';
    const confidential = await t.call('PUT', url, {
      token: admin,
      body: { ...base, Name: 'Changing', ApplicationType: 1, AllowedOrigin: 'http://localhost:5173' },
    });
    expect(confidential.statusCode).toBe(200);
    const saved = confidential.json<ClientSaved>();
    expect(saved).toMatchObject({
      Name: 'Changing',
      HasSecret: true,
      AllowedOrigin: 'http://localhost:5173',
    });
    expect((await signInThrough('changing-app', saved.Secret)).statusCode).toBe(200);

    // Saving again keeps the secret and does not show it.
    const again = await t.call('PUT', url, { token: admin, body: { ...base, ApplicationType: 1 } });
    expect(again.json()).not.toHaveProperty('Secret');
    expect((await signInThrough('changing-app', saved.Secret)).statusCode).toBe(200);

    const publicAgain = await t.call('PUT', url, { token: admin, body: { ...base, ApplicationType: 0 } });
    expect(publicAgain.json()).toMatchObject({ HasSecret: false });
    expect((await clientRow('changing-app'))?.secretHash).toBeNull();
    expect((await signInThrough('changing-app')).statusCode).toBe(200);
  });

  it('an inactive client can no longer sign anyone in', async () => {
    await create({ Id: 'retired-app' });
    expect((await signInThrough('retired-app')).statusCode).toBe(200);
    const response = await t.call('PUT', '/api/clients/retired-app', {
      token: admin,
      body: { ...base, Active: false },
    });
    expect(response.json()).toMatchObject({ Active: false });
    expect((await signInThrough('retired-app')).json()).toMatchObject({ error: 'invalid_client' });
  });

  it("answers 404 for another tenant's client and leaves it as it was", async () => {
    await expectRefusal(
      () =>
        t.call('PUT', '/api/clients/other-bank-app', { token: admin, body: { ...base, Name: 'Taken over' } }),
      { status: 404, code: 404 },
      allClients,
    );
    expect((await clientRow('other-bank-app'))?.name).toBe('Other app');
  });
});

describe('the console client', () => {
  it("is not among a tenant's clients", async () => {
    const list = await t.call('GET', '/api/clients?$top=100&$count=true', { token: admin });
    expect(list.statusCode).toBe(200);
    const ids = list.json<{ Items: { Id: string }[] }>().Items.map((item) => item.Id);
    expect(ids).toContain('public-app');
    expect(ids).not.toContain(CONSOLE_CLIENT_ID);
    expect(ids).not.toContain('other-bank-app');
    const read = await t.call('GET', `/api/clients/${CONSOLE_CLIENT_ID}`, { token: admin });
    expect(read.statusCode).toBe(404);
  });

  it('cannot be deactivated, made confidential or deleted by a tenantless user (10012)', async () => {
    const tenantless = await t.tokenFor({
      userId: adminId,
      tenantId: null,
      scopes: ['client:manage'],
    });
    const url = `/api/clients/${CONSOLE_CLIENT_ID}`;
    const list = await t.call('GET', '/api/clients?$top=100', { token: tenantless });
    expect(list.json<{ Items: { Id: string }[] }>().Items.map((item) => item.Id)).toEqual([
      CONSOLE_CLIENT_ID,
    ]);
    const protectedClient = { status: 400, code: 10012 };
    for (const body of [
      { ...base, Name: 'Loupe console', Active: false },
      { ...base, Name: 'Loupe console', ApplicationType: 1 },
    ]) {
      await expectRefusal(() => t.call('PUT', url, { token: tenantless, body }), protectedClient, allClients);
    }
    await expectRefusal(() => t.call('DELETE', url, { token: tenantless }), protectedClient, allClients);

    // Its name and lifetimes may change.
    const renamed = await t.call('PUT', url, {
      token: tenantless,
      body: { ...base, Name: 'Loupe console', AccessTokenLifeTime: 900, RefreshTokenLifeTime: 2_592_000 },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await signInThrough(CONSOLE_CLIENT_ID)).statusCode).toBe(200);
  });
});

describe('DELETE /api/clients/{id}', () => {
  it('removes the client and its refresh tokens', async () => {
    await create({ Id: 'doomed-app' });
    expect((await signInThrough('doomed-app')).statusCode).toBe(200);
    const response = await t.call('DELETE', '/api/clients/doomed-app', { token: admin });
    expect(response.statusCode).toBe(204);
    expect(await clientRow('doomed-app')).toBeUndefined();
    const tokens = await db().select().from(refreshTokens).where(eq(refreshTokens.clientId, 'doomed-app'));
    expect(tokens).toHaveLength(0);
  });

  it("answers 404 for another tenant's client and keeps it", async () => {
    await expectRefusal(
      () => t.call('DELETE', '/api/clients/other-bank-app', { token: admin }),
      { status: 404, code: 404 },
      allClients,
    );
    expect(await clientRow('other-bank-app')).toBeDefined();
  });
});
