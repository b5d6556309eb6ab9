import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const INTERNAL_DETAIL = 'connection to 10.0.0.7:5432 failed for user loupe_owner';

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await createTestApp();
  // The request id travels back in a header here only, so the test can compare it with SupportId.
  t.app.addHook('onSend', async (request, reply) => {
    reply.header('x-test-request-id', request.id);
  });
  t.app.get('/api/test/explode', { config: { access: 'signed-in' } }, async () => {
    throw new Error(INTERNAL_DETAIL);
  });
  accessToken = (await t.signIn('viewer')).access_token;
});
afterAll(async () => {
  await t?.close();
});

describe('error handler', () => {
  it.each(['GET', 'POST'] as const)('answers %s on an unknown /api path with a JSON 404', async (method) => {
    const response = await t.app.inject({ method, url: '/api/no-such-thing', headers: { language: 'en' } });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toEqual({ Code: 404, Message: 'The record was not found.', SupportId: expect.any(String) });
    expect(body.SupportId).toBe(response.headers['x-test-request-id']);
  });

  it('answers a thrown internal error with 500, the generic message and nothing internal', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/explode',
      headers: { ...t.authHeader(accessToken), language: 'en' },
    });

    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      Code: 500,
      Message: 'Something went wrong. Please try again later.',
      SupportId: response.headers['x-test-request-id'],
    });
    expect(response.body).not.toContain('10.0.0.7');
    expect(response.body).not.toContain('loupe_owner');
    expect(response.body).not.toMatch(/stack|\.ts:\d+|\n\s+at /i);
  });

  it('answers in Turkish when the caller asks for it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/explode',
      headers: { ...t.authHeader(accessToken), language: 'tr' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().Message).toBe('Bir şeyler ters gitti. Lütfen daha sonra yeniden deneyin.');
  });

  it('answers in Arabic when the caller asks for it, its field messages too', async () => {
    const explode = await t.app.inject({
      method: 'GET',
      url: '/api/test/explode',
      headers: { ...t.authHeader(accessToken), language: 'ar' },
    });
    expect(explode.json().Message).toBe('حدث خطأ ما. يُرجى المحاولة لاحقًا.');

    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'ar' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'viewer',
        password: 'not-the-password',
        client_id: CONSOLE_CLIENT_ID,
      }).toString(),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error_description).toBe(
      'اسم المستخدم/البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    );
  });
});
