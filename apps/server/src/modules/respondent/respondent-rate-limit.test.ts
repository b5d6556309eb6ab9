import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@loupe/contracts';
import { DEFAULT_RATE_LIMITS } from '../../rate-limit-settings.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/* The respondent routes are token-free, so each address has its own per-minute budget (plugins/rate-limits.ts). */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_RATE_LIMITS, publicSurvey: { perAddress: 3, perAccount: 3 } },
  });
});
afterAll(async () => t?.close());

describe('respondent rate limit', () => {
  it('answers 429 with Retry-After past the address budget, across the public routes; other addresses go on', async () => {
    const guid = randomUUID();
    const from = (remoteAddress: string, url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({
        method,
        url,
        remoteAddress,
        payload: method === 'POST' ? { Answers: [], Complete: false } : undefined,
      });
    expect((await from('10.70.0.1', `/api/public/surveys/${guid}`)).statusCode).toBe(404);
    expect((await from('10.70.0.1', `/api/public/surveys/${guid}/answers`, 'POST')).statusCode).toBe(404);
    expect((await from('10.70.0.1', `/api/public/surveys/${guid}/optout`, 'POST')).statusCode).toBe(404);
    const limited = await from('10.70.0.1', `/api/public/surveys/${guid}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Code: ErrorCode.TooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.70.0.2', `/api/public/surveys/${guid}`)).statusCode).toBe(404);
  });
});
