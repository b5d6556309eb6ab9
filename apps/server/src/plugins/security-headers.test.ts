import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID, ErrorCode } from '@loupe/contracts';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { securityHeadersPlugin } from './security-headers.js';

/*
 * Browser security headers on every kind of answer (issue 14 item 6): the console's page, its assets, API answers
 * and errors; `no-store` on what a session reads; a health check that tells anonymous callers only ok / not ok.
 */

let t: TestApp;
let adminToken: string;
let webRoot: string;
let respondentRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log("app");');
  respondentRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-respondent-'));
  fs.mkdirSync(path.join(respondentRoot, 'assets'));
  fs.writeFileSync(
    path.join(respondentRoot, 'index.html'),
    '<!doctype html><html><body><div id="app"></div><script type="module" src="/s/assets/page.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(respondentRoot, 'assets', 'page.js'), 'console.log("page");');
  t = await createTestApp({
    webRoot,
    respondentRoot,
    config: loadConfig({ PUBLIC_URL: 'https://cx.bank.example', TOKEN_SECRET: undefined }),
  });
  // A route that fails as a bug would, to see the headers on a 500.
  t.app.get('/api/test/broken', { config: { access: 'public' } }, () => {
    throw new Error('boom');
  });
  adminToken = (await t.signIn('admin')).access_token;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(respondentRoot, { recursive: true, force: true });
});

/** The CSP's directives by name. */
function csp(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers['content-security-policy'];
  expect(header, 'Content-Security-Policy').toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

/** What every answer of the console carries. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const policy = csp(response);
  expect(policy.get('default-src')).toBe("'self'");
  // No inline script, no eval.
  expect(policy.get('script-src')).toBe("'self'");
  expect(policy.get('script-src-attr')).toBe("'none'");
  expect(policy.get('object-src')).toBe("'none'");
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('base-uri')).toBe("'self'");
  expect(policy.has('upgrade-insecure-requests')).toBe(true);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
}

describe('security headers', () => {
  it('are on the console’s page, and the page is not stored as a session answer', async () => {
    for (const url of ['/', '/reports/overview', '/login']) {
      const response = await t.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).not.toBe('no-store');
    }
  });

  it('are on assets, which stay long-cached', async () => {
    const response = await t.call('GET', '/assets/app.js');
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });

  it('serve the respondent page at /s/{guid} and its unsubscribe link, framable by the console only', async () => {
    const guid = '6f1c2a4e-8b1d-4c55-9f0e-2a7b3c4d5e6f';
    for (const url of [`/s/${guid}`, `/s/${guid}/optout`]) {
      const response = await t.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('/s/assets/page.js');
      expect(response.body, url).not.toContain('id="root"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const policy = csp(response);
      expect(policy.get('script-src')).toBe("'self'");
      expect(policy.get('script-src-attr')).toBe("'none'");
      expect(policy.get('default-src')).toBe("'self'");
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      // The console's feedback dialog (same origin) frames it; no other site may.
      expect(policy.get('frame-ancestors')).toBe("'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const asset = await t.call('GET', '/s/assets/page.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("page");');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect(csp(asset).get('frame-ancestors')).toBe("'self'");
    // The console itself stays unframable.
    expect(csp(await t.call('GET', '/reports/overview')).get('frame-ancestors')).toBe("'none'");
    expect((await t.call('GET', '/s/assets/missing.js')).statusCode).toBe(404);
  });

  it('are on API answers, with no-store on what a session reads', async () => {
    for (const url of ['/api/bootstrap/en', '/bootstrap/en', '/api/system-configurations', '/api/reports']) {
      const response = await t.call('GET', url, { token: adminToken });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('put no-store on /token answers, given and refused', async () => {
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: 'viewer',
          password,
          client_id: CONSOLE_CLIENT_ID,
        }).toString(),
      });
    const given = await signIn('Demo1234!');
    expect(given.statusCode).toBe(200);
    expectSecurityHeaders(given);
    expect(given.headers['cache-control']).toBe('no-store');
    const refused = await signIn('wrong');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('are on errors: 400, 401, 404 and 500', async () => {
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/system-configurations',
      headers: t.authHeader(adminToken),
      payload: { Section: 42 },
    });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid);
    expect(invalid.headers['cache-control']).toBe('no-store');

    const unauthorized = await t.call('GET', '/api/bootstrap/en');
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
    expect(unauthorized.headers['cache-control']).toBe('no-store');

    for (const url of ['/api/no-such-route', '/bootstrap/']) {
      const missing = await t.call('GET', url);
      expect(missing.statusCode, url).toBe(404);
      expectSecurityHeaders(missing);
    }

    const broken = await t.call('GET', '/api/test/broken');
    expect(broken.statusCode).toBe(500);
    expect(broken.json<{ Code: number }>().Code).toBe(ErrorCode.Internal);
    expectSecurityHeaders(broken);
  });
});

describe('GET /api/health', () => {
  it('tells an anonymous caller only that it is ok', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: 'ok' });
    expect(response.body).not.toContain('1.9');
    expectSecurityHeaders(response);
  });

  it('gives the version and database to healthcheck holders only', async () => {
    const details = await t.call('GET', '/api/health/details', { token: adminToken });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      Status: 'ok',
      Version: '1.9.5',
      Database: expect.any(String) as string,
    });
    expect(details.headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/api/health/details')).statusCode).toBe(401);
    const viewerToken = (await t.signIn('viewer')).access_token;
    expect((await t.call('GET', '/api/health/details', { token: viewerToken })).statusCode).toBe(403);
  });
});

describe('over plain HTTP', () => {
  it('sends no HSTS and does not upgrade the console’s own requests', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { publicUrl: 'http://localhost:3000' });
    app.get('/', () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp(response).has('upgrade-insecure-requests')).toBe(false);
    expect(csp(response).get('frame-ancestors')).toBe("'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});
