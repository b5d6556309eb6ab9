import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig } from '../config.js';
import { accountTestKit } from '../test/account-test-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEFAULT_RATE_LIMITS, parseRateLimits } from '../rate-limit-settings.js';

/** Rate limits per address and per account (issue 14, item 3 and 11), with small limits to reach them. */
let t: TestApp;
let adminToken: string;
const kit = accountTestKit(() => t);
/** A sign-in with a wrong password from `remoteAddress`. */
const passwordGrant = (username: string, remoteAddress: string) =>
  kit.passwordGrant(username, 'Wrong1234!', {}, remoteAddress);

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      token: { perAddress: 4, perAccount: 2 },
      account: { perAddress: 3, perAccount: 2 },
      captcha: { perAddress: 2, perAccount: 2 },
      restData: { perAddress: 10, perAccount: 2 },
      publicSurvey: { perAddress: 3, perAccount: 3 },
    },
  });
  // From an address of its own, so that it counts against no test below.
  const signedIn = await kit.passwordGrant('admin', 'Demo1234!', {}, '10.50.0.1');
  adminToken = signedIn.json<{ access_token: string }>().access_token;
});
afterAll(async () => {
  await t?.close();
});

describe('rate limits', () => {
  it('limit password grants per account, from whatever address, with a translated 429', async () => {
    expect((await passwordGrant('limited-1', '10.60.0.1')).statusCode).toBe(400);
    expect((await passwordGrant('LIMITED-1', '10.60.0.2')).statusCode).toBe(400);
    const third = await passwordGrant('limited-1', '10.60.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      Code: 429,
      Message: 'Too many requests. Please wait and try again.',
    });
    expect(third.json().SupportId).toEqual(expect.any(String));
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not held up.
    expect((await passwordGrant('limited-2', '10.60.0.3')).statusCode).toBe(400);
  });

  it('limit /token per address, whatever the accounts', async () => {
    for (let i = 0; i < 4; i++) expect((await passwordGrant(`spray-${i}`, '10.61.0.1')).statusCode).toBe(400);
    const fifth = await passwordGrant('spray-5', '10.61.0.1');
    expect(fifth.statusCode).toBe(429);
    expect((await passwordGrant('spray-5', '10.61.0.2')).statusCode).toBe(400);
  });

  it('limit GET /api/captcha per address, in the caller language', async () => {
    const get = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress, headers: { language: 'tr' } });
    expect((await get('10.62.0.1')).statusCode).toBe(200);
    expect((await get('10.62.0.1')).statusCode).toBe(200);
    const third = await get('10.62.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      Code: 429,
      Message: 'Çok fazla istek. Lütfen bekleyip yeniden deneyin.',
    });
    expect((await get('10.62.0.2')).statusCode).toBe(200);
  });

  it('limit the account forms per login and per address, malformed bodies included', async () => {
    const forgot = (Login: unknown, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        remoteAddress,
        payload: { Login },
      });
    expect((await forgot('someone', '10.63.0.1')).statusCode).toBe(202);
    expect((await forgot('someone', '10.63.0.2')).statusCode).toBe(202);
    expect((await forgot('someone', '10.63.0.3')).statusCode).toBe(429);

    expect((await forgot(5, '10.63.1.1')).statusCode).toBe(400);
    expect((await forgot(6, '10.63.1.1')).statusCode).toBe(400);
    expect((await forgot('other', '10.63.1.1')).statusCode).toBe(202);
    expect((await forgot('another', '10.63.1.1')).statusCode).toBe(429);
  });

  it('limit the REST data routes per signed-in account', async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/rest-data/responses',
        remoteAddress: '10.64.0.1',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: [],
      });
    expect((await post()).statusCode).not.toBe(429);
    expect((await post()).statusCode).not.toBe(429);
    expect((await post()).statusCode).toBe(429);
  });
});

// Two nodes behind a load balancer share their counters in Redis (docs/scaling.md): an address or an account
// gets the limit once, not once per node. Runs where Redis answers (TEST_REDIS_URL, set by .ci/run).
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('rate limits in Redis, across nodes', () => {
  const keyPrefix = `loupe-test:${randomUUID()}:`;
  const nodes: TestApp[] = [];
  beforeAll(async () => {
    const config = { ...loadConfig(), redis: { url: redisUrl!, keyPrefix } };
    const limits = {
      token: { perAddress: 4, perAccount: 3 },
      account: { perAddress: 3, perAccount: 2 },
      captcha: { perAddress: 3, perAccount: 3 },
      restData: { perAddress: 10, perAccount: 2 },
      publicSurvey: { perAddress: 3, perAccount: 3 },
    };
    for (let node = 0; node < 2; node++) nodes.push(await createTestApp({ config, rateLimits: limits }));
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const captcha = (node: TestApp, remoteAddress: string) =>
    node.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress });
  const grant = (node: TestApp, username: string, remoteAddress: string) =>
    node.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username,
        password: 'Wrong1234!',
        client_id: 'loupe-console',
      }).toString(),
    });

  it('count an address once across both nodes', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    expect((await captcha(a, '10.70.0.1')).statusCode).toBe(200);
    expect((await captcha(b, '10.70.0.1')).statusCode).toBe(200);
    expect((await captcha(a, '10.70.0.1')).statusCode).toBe(200);
    const fourth = await captcha(b, '10.70.0.1');
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and another limit of the same address (sign-in), keep their own counts.
    expect((await captcha(a, '10.70.0.2')).statusCode).toBe(200);
    expect((await grant(b, 'someone', '10.70.0.1')).statusCode).toBe(400);
  });

  it('count an account once across both nodes, from whatever address', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    expect((await grant(a, 'shared-1', '10.71.0.1')).statusCode).toBe(400);
    expect((await grant(b, 'shared-1', '10.71.0.2')).statusCode).toBe(400);
    expect((await grant(a, 'shared-1', '10.71.0.3')).statusCode).toBe(400);
    expect((await grant(b, 'shared-1', '10.71.0.4')).statusCode).toBe(429);
  });
});

describe('RATE_LIMITS', () => {
  it('is on by default, off when asked, and takes overrides per group', () => {
    expect(parseRateLimits('on')).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits('off')).toBeNull();
    expect(parseRateLimits('token=120/20, restData=1200/600')).toEqual({
      ...DEFAULT_RATE_LIMITS,
      token: { perAddress: 120, perAccount: 20 },
      restData: { perAddress: 1200, perAccount: 600 },
    });
    expect(() => parseRateLimits('tokens=1/2')).toThrow(/RATE_LIMITS/);
  });
});
