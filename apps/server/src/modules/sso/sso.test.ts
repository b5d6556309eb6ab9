import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { audits, users } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startOidcTestProvider, type OidcTestProvider } from '../../test/oidc-test-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { SsoTokenAnswer } from './sso.service.js';

const PUBLIC_URL = 'http://console.test';
const REDIRECT_URI = `${PUBLIC_URL}/sso`;

let t: TestApp;
let idp: OidcTestProvider;
/** The server wired to the test identity provider, on the test app's database. */
let app: FastifyInstance;

/** A server on the test app's database with these OIDC settings (the test app itself has none). */
function appWithSso(settings: { issuer: string; clientId: string; clientSecret: string }) {
  return buildApp({
    database: t.database,
    replica: t.replica,
    signer: t.signer,
    logger: createLogger('silent'),
    config: {
      ...loadConfig({}),
      publicUrl: PUBLIC_URL,
      oidcIssuer: settings.issuer,
      oidcClientId: settings.clientId,
      oidcClientSecret: settings.clientSecret,
      oidcRedirectUri: REDIRECT_URI,
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  idp = await startOidcTestProvider({
    redirectUris: [REDIRECT_URI],
    accounts: [
      // The provider's address differs in case from ours: matching ignores case.
      { sub: 'idp-admin', email: 'Admin@Demo-Bank.example', password: 'idp-pass' },
      { sub: 'idp-viewer', email: 'viewer@demo-bank.example' },
      { sub: 'idp-stranger', email: 'stranger@elsewhere.example' },
      { sub: 'idp-manager', email: 'manager@demo-bank.example' },
    ],
  });
  app = await appWithSso(idp);
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
  await t?.close();
});

/** `GET /api/sso/start`: the provider's authorization URL and the attempt cookie. */
async function start(server: FastifyInstance, redirect?: string) {
  const query = redirect === undefined ? '' : `?${new URLSearchParams({ redirect }).toString()}`;
  const response = await server.inject({ method: 'GET', url: `/api/sso/start${query}` });
  expect(response.statusCode).toBe(302);
  const cookie = response.cookies.find((c) => c.name.startsWith('loupe_sso_'));
  return { location: String(response.headers.location), cookie, response };
}

/**
 * Signs in at the identity provider as a browser would (its cookies kept between requests) and returns the
 * address it sends the browser back to.
 */
async function signInAtProvider(authorizationUrl: string, login: string, password = 'x'): Promise<URL> {
  const jar = new Map<string, string>();
  const visit = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let response = await visit(authorizationUrl);
  let url = new URL(response.headers.get('location')!, idp.issuer);
  expect(url.pathname).toMatch(/^\/interaction\//);
  const form = await visit(url.href);
  expect(await form.text()).toContain('id="login"');
  response = await visit(`${url.href}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  // Follow the provider's own redirects until it sends the browser back to the console.
  for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
    url = new URL(response.headers.get('location')!, idp.issuer);
    if (url.href.startsWith(REDIRECT_URI)) return url;
    response = await visit(url.href);
  }
  throw new Error(`the provider did not redirect back: ${response.status} ${await response.text()}`);
}

async function exchange(
  server: FastifyInstance,
  body: { Code: string; State: string },
  cookie?: { name: string; value: string },
) {
  return server.inject({
    method: 'POST',
    url: '/api/sso/token',
    payload: body,
    cookies: cookie ? { [cookie.name]: cookie.value } : {},
  });
}

/** The whole flow as the console runs it: start, sign in at the provider, hand the code to the server. */
async function signInThroughSso(login: string, password?: string, redirect = '/reports/7?tab=1') {
  const started = await start(app, redirect);
  const back = await signInAtProvider(started.location, login, password);
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  return {
    response: await exchange(app, { Code: code, State: state }, started.cookie),
    started,
    code,
    state,
  };
}

const userRow = async (userName: string) =>
  (await t.database.db.select().from(users).where(eq(users.userName, userName)))[0]!;

describe('GET /api/sso/config', () => {
  it('reports SSO on with the code parameter when an issuer and client are configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/sso/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Enabled: true, CodeParam: 'code' });
  });

  it('reports SSO off on a server without OIDC settings, whose start and token answer 404 / 20007', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/config' })).json()).toMatchObject({
      Enabled: false,
    });
    const started = await t.app.inject({ method: 'GET', url: '/api/sso/start' });
    expect(started.statusCode).toBe(404);
    expect(started.json()).toMatchObject({ Code: 20007 });
    const token = await exchange(t.app, { Code: 'c', State: 's' });
    expect(token.statusCode).toBe(404);
    expect(token.json()).toMatchObject({ Code: 20007 });
  });
});

describe('GET /api/sso/start', () => {
  it('redirects to the provider with PKCE, state and nonce, keeping them in a sealed HttpOnly cookie', async () => {
    const { location, cookie } = await start(app);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toContain('openid');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const state = url.searchParams.get('state')!;

    expect(cookie).toMatchObject({
      name: `loupe_sso_${state}`,
      path: '/api/sso',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    // Sealed: neither the verifier nor the nonce can be read from it.
    expect(cookie!.value).not.toContain(url.searchParams.get('nonce'));
    expect(cookie!.value.split('.')).toHaveLength(5);
  });

  it('sends the browser back to /sso with an error when the provider cannot be reached', async () => {
    const down = await startOidcTestProvider({ redirectUris: [REDIRECT_URI], accounts: [] });
    const settings = { issuer: down.issuer, clientId: down.clientId, clientSecret: down.clientSecret };
    await down.close();
    const server = await appWithSso(settings);
    try {
      const { location, cookie } = await start(server);
      expect(location).toBe(`${REDIRECT_URI}?error=temporarily_unavailable`);
      expect(cookie).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('POST /api/sso/token', () => {
  it("signs admin in through the provider: our tokens, the redirect, and the provider's subject kept", async () => {
    const { response, started } = await signInThroughSso('idp-admin', 'idp-pass');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<SsoTokenAnswer>();
    expect(body).toMatchObject({ token_type: 'Bearer', redirect: '/reports/7?tab=1' });
    const claims = await t.signer.verify(body.access_token);
    const admin = await userRow('admin');
    expect(claims).toMatchObject({ sub: String(admin.id), name: 'admin', tid: t.tenantId });
    expect(admin.ssoSubject).toBe(`${idp.issuer}|idp-admin`);
    // The attempt is single use: its cookie is cleared.
    expect(response.cookies).toContainEqual(
      expect.objectContaining({ name: started.cookie!.name, value: '', path: '/api/sso' }),
    );

    // The refresh token is a real one of ours.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token,
        client_id: 'loupe-console',
      }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('records the sign-in in the audit log (type 4, method sso)', async () => {
    const { response } = await signInThroughSso('idp-admin', 'idp-pass');
    expect(response.statusCode).toBe(200);
    const admin = await userRow('admin');
    const [row] = await t.database.db.select().from(audits).orderBy(desc(audits.id)).limit(1);
    expect(row).toMatchObject({
      operationType: 4,
      operationScope: 'SignIn',
      userId: admin.id,
      tenantId: t.tenantId,
    });
    expect(JSON.parse(row!.operationData)).toMatchObject({ Method: 'sso' });
  });

  it('recognises a bound user by subject even after the email changed', async () => {
    const manager = await userRow('manager');
    expect((await signInThroughSso('idp-manager')).response.statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ email: 'renamed@demo-bank.example' })
      .where(eq(users.id, manager.id));

    const { response } = await signInThroughSso('idp-manager');
    expect(response.statusCode).toBe(200);
    const { access_token } = response.json<SsoTokenAnswer>();
    expect(await t.signer.verify(access_token)).toMatchObject({ name: 'manager' });
  });

  it('refuses with invalid_sso_login when no user has the email', async () => {
    const { response } = await signInThroughSso('idp-stranger');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_sso_login',
      error_description: expect.any(String),
    });
  });

  it('refuses with invalid_sso_login an inactive user, and binds no subject', async () => {
    const viewer = await userRow('viewer');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, viewer.id));
    try {
      const { response } = await signInThroughSso('idp-viewer');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_sso_login');
      expect((await userRow('viewer')).ssoSubject).toBeNull();
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, viewer.id));
    }
  });

  it('refuses with invalid_sso_login a wrong state, a missing cookie, a made-up code and a reused code', async () => {
    const started = await start(app);
    const back = await signInAtProvider(started.location, 'idp-admin', 'idp-pass');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const otherState = 'A'.repeat(43);

    const refusals = [
      // Another state than the attempt's, with the attempt's cookie under that name.
      await exchange(
        app,
        { Code: code, State: otherState },
        { name: `loupe_sso_${otherState}`, value: started.cookie!.value },
      ),
      // The right state but no cookie (another browser, or the attempt expired).
      await exchange(app, { Code: code, State: state }),
      // A forged cookie.
      await exchange(app, { Code: code, State: state }, { name: started.cookie!.name, value: 'forged' }),
      // A code the provider never issued.
      await exchange(app, { Code: 'made-up', State: state }, started.cookie),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_sso_login');
    }

    // The provider refused the made-up code without consuming the real one, which still works once.
    expect((await exchange(app, { Code: code, State: state }, started.cookie)).statusCode).toBe(200);
    const replay = await exchange(app, { Code: code, State: state }, started.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_sso_login');
  });

  it('keeps only a path of this site as the redirect', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const { response } = await signInThroughSso('idp-admin', 'idp-pass', redirect);
      expect(response.json().redirect).toBe('/');
    }
  });
});
