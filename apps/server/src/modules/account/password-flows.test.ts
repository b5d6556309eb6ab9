import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@loupe/contracts';
import { oneTimeTokens, refreshTokens } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../core/mailer.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { accountTestKit, linkToken } from '../../test/account-test-helpers.js';

let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Loupe <no-reply@loupe.test>',
    logger: createLogger('silent'),
  });
  t = await createTestApp({ mailer });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const kit = accountTestKit(() => t);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const DAY_MS = 86_400_000;

describe('forgot and reset password', () => {
  it('mails a single-use 12-hour link that sets a new password and signs the user out elsewhere', async () => {
    const user = await kit.createUser('forgetful', { language: 'tr' });
    const before = await t.signIn('forgetful');

    const forgot = await kit.postJson('/api/account/forgot-password', { Login: 'FORGETFUL@example.test' });
    expect(forgot.statusCode).toBe(202);
    const mail = await smtp.waitForMail('forgetful@example.test');
    expect(mail.subject).toBe('Loupe parola sıfırlama');
    expect(mail.text).toContain('Merhaba forgetful Person,');
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/resetPassword\/[\w-]{43}\b/);
    expect(mail.raw).toMatch(/^From: Loupe <no-reply@loupe\.test>/m);
    const token = linkToken(mail.text, '/resetPassword/');

    // Only the hash is stored, valid 12 hours.
    const [stored] = await t.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(stored!.purpose).toBe('reset-password');
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(12 * 3_600_000);

    const check = await t.app.inject({ method: 'GET', url: `/api/account/reset-password/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ UserName: 'forgetful' });

    const weak = await kit.postJson('/api/account/reset-password', { Token: token, NewPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ Code: 3333, Details: [{ Path: 'body/NewPassword' }] });

    const reset = await kit.postJson('/api/account/reset-password', {
      Token: token,
      NewPassword: 'Fresh5678',
    });
    expect(reset.statusCode).toBe(204);
    await t.signIn('forgetful', 'Fresh5678');
    expect((await kit.passwordGrant('forgetful', 'Demo1234!', {}, '10.20.0.1')).json().error).toBe(
      'invalid_grant',
    );
    // The sign-in made before the reset is over.
    const [oldSession] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(before.refresh_token)));
    expect(oldSession!.revokedAt).not.toBeNull();

    // The link worked once.
    const again = await kit.postJson('/api/account/reset-password', {
      Token: token,
      NewPassword: 'Other5678',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ Code: 20001 });
    const recheck = await t.app.inject({
      method: 'GET',
      url: `/api/account/reset-password/${token}`,
      headers: { language: 'en' },
    });
    expect(recheck.statusCode).toBe(404);
    expect(recheck.json()).toMatchObject({
      Code: 20001,
      Message: 'This link is invalid or has already been used.',
    });
  });

  it('answers 202 and mails nothing for an unknown login, a user without email or an inactive user', async () => {
    await kit.createUser('noemail', { email: null });
    await kit.createUser('gone', { isActive: false });
    const mailsBefore = smtp.mails.length;
    for (const login of ['nobody-at-all', 'noemail', 'gone', 'gone@example.test']) {
      const response = await kit.postJson('/api/account/forgot-password', { Login: login });
      expect(response.statusCode, login).toBe(202);
      expect(response.body).toBe('');
    }
    // A known user's mail, sent after those, arrives alone.
    await kit.createUser('marker');
    await kit.postJson('/api/account/forgot-password', { Login: 'marker' });
    await smtp.waitForMail('marker@example.test', { afterCount: mailsBefore });
    expect(smtp.mails.slice(mailsBefore).flatMap((mail) => mail.to)).toEqual(['marker@example.test']);
  });

  it('refuses an expired link with 410 and mails a new one on resend; the old link is then used up', async () => {
    await kit.createUser('latecomer');
    const mailsBefore = smtp.mails.length;
    await kit.postJson('/api/account/forgot-password', { Login: 'latecomer' });
    const first = linkToken(
      (await smtp.waitForMail('latecomer@example.test', { afterCount: mailsBefore })).text,
      '/resetPassword/',
    );
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(first)));

    const check = await t.app.inject({
      method: 'GET',
      url: `/api/account/reset-password/${first}`,
      headers: { language: 'tr' },
    });
    expect(check.statusCode).toBe(410);
    expect(check.json()).toMatchObject({
      Code: 20002,
      Message: 'Bu bağlantının süresi doldu. Yeni bir bağlantı gönderilmesini isteyebilirsiniz.',
    });
    const reset = await kit.postJson('/api/account/reset-password', {
      Token: first,
      NewPassword: 'Fresh5678',
    });
    expect(reset.statusCode).toBe(410);
    expect(reset.json().Code).toBe(20002);

    const mailsBeforeResend = smtp.mails.length;
    const resend = await kit.postJson('/api/account/resend-reset', { Token: first });
    expect(resend.statusCode).toBe(202);
    const second = linkToken(
      (await smtp.waitForMail('latecomer@example.test', { afterCount: mailsBeforeResend })).text,
      '/resetPassword/',
    );
    expect(second).not.toBe(first);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/account/reset-password/${first}` })).statusCode,
    ).toBe(404);
    expect((await kit.postJson('/api/account/resend-reset', { Token: first })).statusCode).toBe(404);

    const done = await kit.postJson('/api/account/reset-password', {
      Token: second,
      NewPassword: 'Fresh5678',
    });
    expect(done.statusCode).toBe(204);
    await t.signIn('latecomer', 'Fresh5678');
  });

  it('answers 404 (20001) for a token it never issued', async () => {
    const check = await t.app.inject({ method: 'GET', url: '/api/account/reset-password/made-up' });
    expect(check.statusCode).toBe(404);
    expect(check.json().Code).toBe(20001);
    const resend = await kit.postJson('/api/account/resend-reset', { Token: 'made-up' });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().Code).toBe(20001);
  });
});

describe('POST /api/account/change-expired-password', () => {
  it('changes an expired password, after which the user signs in with the new one', async () => {
    await kit.createUser('expired', { passwordExpireDate: new Date(Date.now() - DAY_MS) });
    const refused = await kit.passwordGrant('expired', 'Demo1234!');
    expect(refused.json().error).toBe('expired_password');

    const wrong = await kit.postJson(
      '/api/account/change-expired-password',
      { UserName: 'expired', CurrentPassword: 'Wrong1234!', NewPassword: 'Newer5678' },
      { language: 'en' },
      '10.21.0.1',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ Code: 20004, Message: 'The current password is wrong.' });

    const same = await kit.postJson('/api/account/change-expired-password', {
      UserName: 'expired',
      CurrentPassword: 'Demo1234!',
      NewPassword: 'Demo1234!',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().Code).toBe(20005);

    const weak = await kit.postJson('/api/account/change-expired-password', {
      UserName: 'expired',
      CurrentPassword: 'Demo1234!',
      NewPassword: 'alllowercase1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Code).toBe(3333);

    const changed = await kit.postJson('/api/account/change-expired-password', {
      UserName: 'expired',
      CurrentPassword: 'Demo1234!',
      NewPassword: 'Newer5678',
    });
    expect(changed.statusCode).toBe(204);
    const tokens = (await kit.passwordGrant('expired', 'Newer5678')).json<TokenResponse>();
    expect(tokens.token_type).toBe('Bearer');
    expect((await kit.user('expired')).passwordExpireDate).toBeNull();
  });

  it('refuses to change a password that has not expired, and an unknown user like a wrong password', async () => {
    await kit.createUser('current');
    const notExpired = await kit.postJson('/api/account/change-expired-password', {
      UserName: 'current',
      CurrentPassword: 'Demo1234!',
      NewPassword: 'Newer5678',
    });
    expect(notExpired.statusCode).toBe(400);
    expect(notExpired.json().Code).toBe(3333);

    const unknown = await kit.postJson(
      '/api/account/change-expired-password',
      { UserName: 'nobody', CurrentPassword: 'Demo1234!', NewPassword: 'Newer5678' },
      {},
      '10.22.0.1',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Code).toBe(20004);
  });

  it('stops trying passwords after 3 failures like the sign-in does (429)', async () => {
    await kit.createUser('guessed', { passwordExpireDate: new Date(Date.now() - DAY_MS) });
    const attempt = (password: string) =>
      kit.postJson(
        '/api/account/change-expired-password',
        { UserName: 'guessed', CurrentPassword: password, NewPassword: 'Newer5678' },
        {},
        '10.23.0.1',
      );
    for (let guess = 0; guess < 3; guess++)
      expect((await attempt(`Guess${guess}xx`)).json().Code).toBe(20004);
    const blocked = await attempt('Demo1234!');
    expect(blocked.statusCode).toBe(429);
  });
});

describe('POST /api/account/change-password', () => {
  it('changes the signed-in user password: wrong current 20004, same 20005, weak 3333', async () => {
    await kit.createUser('profile');
    const session = await t.signIn('profile');
    const change = (body: object) =>
      kit.postJson('/api/account/change-password', body, {
        ...t.authHeader(session.access_token),
        language: 'tr',
      });

    const wrong = await change({ CurrentPassword: 'Wrong1234!', NewPassword: 'Newer5678' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ Code: 20004, Message: 'Mevcut parola hatalı.' });
    expect((await change({ CurrentPassword: 'Demo1234!', NewPassword: 'Demo1234!' })).json().Code).toBe(
      20005,
    );
    expect((await change({ CurrentPassword: 'Demo1234!', NewPassword: 'no digits Here' })).json().Code).toBe(
      3333,
    );

    const ok = await change({ CurrentPassword: 'Demo1234!', NewPassword: 'Newer5678' });
    expect(ok.statusCode).toBe(204);
    await t.signIn('profile', 'Newer5678');
  });

  it('needs a signed-in caller', async () => {
    const response = await kit.postJson('/api/account/change-password', {
      CurrentPassword: 'Demo1234!',
      NewPassword: 'Newer5678',
    });
    expect(response.statusCode).toBe(401);
  });
});
