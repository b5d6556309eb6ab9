import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID, type Captcha, type TokenResponse } from '@loupe/contracts';
import { captchaChallenges, signInFailures } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_OPEN_CAPTCHAS } from './sign-in-guard.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A password sign-in from `address`; every test uses addresses of its own, as failures count per address. */
function signIn(address: string, fields: Record<string, string>, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', language },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: CONSOLE_CLIENT_ID,
      ...fields,
    }).toString(),
  });
}

async function captchaRequired(address: string, login: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/captcha/required?login=${encodeURIComponent(login)}`,
    remoteAddress: address,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ Required: boolean }>().Required;
}

/** A new challenge and its expected answer, read from the database as only the test can. */
async function newCaptcha(): Promise<{ id: string; answer: string }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha' });
  expect(response.statusCode).toBe(200);
  const captcha = response.json<Captcha>();
  const [row] = await t.database.db
    .select()
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, captcha.CaptchaId));
  return { id: captcha.CaptchaId, answer: row!.answer };
}

describe('GET /api/captcha', () => {
  it('answers a single-use SVG challenge of 5 characters, stored lower-cased, valid 5 minutes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const captcha = response.json<Captcha>();
    expect(captcha.CaptchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(captcha.Image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(captcha.Image.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*>/);

    const [row] = await t.database.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, captcha.CaptchaId));
    expect(row!.answer).toMatch(/^[a-z0-9]{5}$/);
    expect(row!.usedAt).toBeNull();
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
  });

  it('keeps at most the newest 10,000 open challenges, however often it is called', async () => {
    // A flood from many addresses has left more open challenges than the cap.
    await t.database.raw(
      `INSERT INTO captcha_challenges (id, answer, expires_at)
       SELECT gen_random_uuid(), 'abcde', now() + interval '4 minutes' FROM generate_series(1, ${MAX_OPEN_CAPTCHAS + 100})`,
    );
    let latest = '';
    for (let call = 0; call < 50; call++) latest = (await newCaptcha()).id;
    const [{ open }] = (await t.database.db
      .select({ open: sql<number>`count(*)`.mapWith(Number) })
      .from(captchaChallenges)) as [{ open: number }];
    expect(open).toBeLessThanOrEqual(MAX_OPEN_CAPTCHAS + 50);
    // The newest challenges are kept.
    expect(
      await t.database.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, latest)),
    ).toHaveLength(1);
  });
});

describe('captcha after repeated failures', () => {
  it('is required after 3 failed sign-ins for the same login, and says so on the third refusal', async () => {
    const address = '10.1.0.1';
    expect(await captchaRequired(address, 'manager')).toBe(false);
    for (const attempt of [1, 2]) {
      // Each failure from another address: only the login is common to them.
      const response = await signIn(`10.1.1.${attempt}`, { username: 'manager', password: 'Wrong1234!' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'User name/email or password is incorrect.',
      });
    }
    const third = await signIn('10.1.1.3', { username: 'MANAGER', password: 'Wrong1234!' });
    expect(third.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'User name/email or password is incorrect.',
      captcha_required: true,
    });
    expect(await captchaRequired(address, 'Manager')).toBe(true);
    expect(await captchaRequired(address, 'viewer')).toBe(false);

    // Now even the right password is refused without a captcha, or with a wrong one.
    const missing = await signIn(address, { username: 'manager', password: 'Demo1234!' }, 'tr');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'invalid_captcha',
      error_description: 'Güvenlik doğrulaması başarısız. Lütfen yeniden deneyin.',
      captcha_required: true,
    });
    const wrongCaptcha = await newCaptcha();
    const wrong = await signIn(address, {
      username: 'manager',
      password: 'Demo1234!',
      captcha_id: wrongCaptcha.id,
      captcha_answer: 'zzzzz',
    });
    expect(wrong.json().error).toBe('invalid_captcha');
    // The wrong answer used the challenge up: its right answer no longer opens anything.
    const reused = await signIn(address, {
      username: 'manager',
      password: 'Demo1234!',
      captcha_id: wrongCaptcha.id,
      captcha_answer: wrongCaptcha.answer,
    });
    expect(reused.json().error).toBe('invalid_captcha');

    // A solved captcha with a wrong password is still a wrong password.
    const solvedWrongPassword = await newCaptcha();
    const wrongPassword = await signIn(address, {
      username: 'manager',
      password: 'Wrong1234!',
      captcha_id: solvedWrongPassword.id,
      captcha_answer: solvedWrongPassword.answer,
    });
    expect(wrongPassword.json()).toMatchObject({ error: 'invalid_grant', captcha_required: true });

    // Solved (in upper case: answers are case-insensitive) with the right password: signed in.
    const solved = await newCaptcha();
    const success = await signIn(address, {
      username: 'manager',
      password: 'Demo1234!',
      captcha_id: solved.id,
      captcha_answer: solved.answer.toUpperCase(),
    });
    expect(success.statusCode).toBe(200);
    expect(success.json<TokenResponse>().token_type).toBe('Bearer');

    // The challenge was single use, and the success forgave the login's failures.
    const [row] = await t.database.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, solved.id));
    expect(row!.usedAt).not.toBeNull();
    expect(await captchaRequired('10.1.0.99', 'manager')).toBe(false);
  });

  it('is required after 10 failed sign-ins from the same address, whatever the logins; 3 are not enough', async () => {
    const address = '10.2.0.1';
    for (let attempt = 1; attempt <= 9; attempt++) {
      const response = await signIn(address, { username: `nobody-${attempt}`, password: 'Wrong1234!' });
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'User name/email or password is incorrect.',
      });
      // Colleagues behind the same address are not held up by a few failures of others.
      if (attempt === 3) expect(await captchaRequired(address, 'viewer')).toBe(false);
    }
    const tenth = await signIn(address, { username: 'nobody-10', password: 'Wrong1234!' });
    expect(tenth.json()).toMatchObject({ error: 'invalid_grant', captcha_required: true });
    expect(await captchaRequired(address, 'viewer')).toBe(true);

    const refused = await signIn(address, { username: 'viewer', password: 'Demo1234!' });
    expect(refused.json().error).toBe('invalid_captcha');
    // The same user from another address is not held up.
    const elsewhere = await signIn('10.2.0.2', { username: 'viewer', password: 'Demo1234!' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes, and refuses an expired challenge', async () => {
    const address = '10.3.0.1';
    for (let attempt = 0; attempt < 3; attempt++) {
      await signIn(address, { username: 'scoped', password: 'Wrong1234!' });
    }
    expect(await captchaRequired(address, 'scoped')).toBe(true);

    const expired = await newCaptcha();
    await t.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.id, expired.id));
    const late = await signIn(address, {
      username: 'scoped',
      password: 'Demo1234!',
      captcha_id: expired.id,
      captcha_answer: expired.answer,
    });
    expect(late.json().error).toBe('invalid_captcha');

    await t.database.db
      .update(signInFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInFailures.login, 'scoped'));
    expect(await captchaRequired(address, 'scoped')).toBe(false);
    const response = await signIn(address, { username: 'scoped', password: 'Demo1234!' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a malformed captcha id as a wrong answer', async () => {
    const address = '10.4.0.1';
    for (let attempt = 0; attempt < 3; attempt++) {
      await signIn(address, { username: 'admin', password: 'Wrong1234!' });
    }
    const response = await signIn(address, {
      username: 'admin',
      password: 'Demo1234!',
      captcha_id: 'not-a-uuid',
      captcha_answer: 'abcde',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_captcha');
  });
});
