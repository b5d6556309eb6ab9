import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from '../../db/schema/index.js';
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

async function confirmationLink(login: string, email: string): Promise<string> {
  const before = smtp.mails.length;
  const response = await kit.postJson('/api/account/send-confirmation', { Login: login });
  expect(response.statusCode).toBe(202);
  return linkToken((await smtp.waitForMail(email, { afterCount: before })).text, '/confirm-email/');
}

describe('email confirmation', () => {
  it('mails a link that confirms the address; the user can then sign in; opened again it reports already confirmed', async () => {
    await kit.createUser('newcomer', { emailConfirmed: false, language: 'en' });
    expect((await kit.passwordGrant('newcomer', 'Demo1234!')).json()).toEqual({
      error: 'invalid_grant_email_confirm',
      error_description: 'Your email is not confirmed. Please check your email.',
    });

    const token = await confirmationLink('newcomer', 'newcomer@example.test');
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe('Confirm your Loupe email');
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/confirm-email\/[\w-]{43}\b/);

    const confirm = await kit.postJson('/api/account/confirm-email', { Token: token });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ Status: 'confirmed' });
    expect((await kit.user('newcomer')).emailConfirmed).toBe(true);
    await t.signIn('newcomer');

    const again = await kit.postJson('/api/account/confirm-email', { Token: token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ Status: 'already-confirmed' });
    const resend = await kit.postJson(
      '/api/account/resend-confirmation',
      { Token: token },
      { language: 'en' },
    );
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ Code: 20003, Message: 'Your email is already confirmed.' });
  });

  it('refuses an expired link with 410 and sends a new one on resend', async () => {
    await kit.createUser('slowpoke', { emailConfirmed: false, language: 'tr' });
    const first = await confirmationLink('slowpoke@example.test', 'slowpoke@example.test');
    expect(smtp.mails.at(-1)!.subject).toBe('Loupe e-posta doğrulama');
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(first)));

    const expired = await kit.postJson('/api/account/confirm-email', { Token: first });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().Code).toBe(20002);

    const before = smtp.mails.length;
    const resend = await kit.postJson('/api/account/resend-confirmation', { Token: first });
    expect(resend.statusCode).toBe(202);
    const second = linkToken(
      (await smtp.waitForMail('slowpoke@example.test', { afterCount: before })).text,
      '/confirm-email/',
    );
    expect(second).not.toBe(first);
    // The expired link was replaced: it is now used up.
    expect((await kit.postJson('/api/account/confirm-email', { Token: first })).statusCode).toBe(404);

    const confirm = await kit.postJson('/api/account/confirm-email', { Token: second });
    expect(confirm.json()).toEqual({ Status: 'confirmed' });
  });

  it('sends nothing to confirmed or unknown users, and answers 404 (20001) for an unknown link', async () => {
    const before = smtp.mails.length;
    for (const login of ['admin', 'nobody-here']) {
      expect((await kit.postJson('/api/account/send-confirmation', { Login: login })).statusCode).toBe(202);
    }
    await kit.createUser('pending', { emailConfirmed: false });
    await confirmationLink('pending', 'pending@example.test');
    expect(smtp.mails.slice(before).flatMap((mail) => mail.to)).toEqual(['pending@example.test']);

    const unknown = await kit.postJson(
      '/api/account/confirm-email',
      { Token: 'made-up' },
      { language: 'tr' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      Code: 20001,
      Message: 'Bu bağlantı geçersiz veya daha önce kullanılmış.',
    });
    expect((await kit.postJson('/api/account/resend-confirmation', { Token: 'made-up' })).statusCode).toBe(
      404,
    );
  });
});
