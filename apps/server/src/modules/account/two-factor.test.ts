import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodes, TokenResponse, TwoFactorSetup, TwoFactorStatus } from '@loupe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { accountTestKit } from '../../test/account-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const kit = accountTestKit(() => t);
const PERIOD_MS = 30_000;

/** The code an authenticator app shows `steps` periods from now. */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor((Date.now() + steps * PERIOD_MS) / 1000) });

async function signedIn(userName: string) {
  const session = await t.signIn(userName);
  const headers = t.authHeader(session.access_token);
  return {
    post: (url: string, body?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, language: 'en' },
        ...(body ? { payload: body } : {}),
      }),
    status: async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/account/two-factor', headers })
      ).json<TwoFactorStatus>(),
  };
}

/** Sets two-factor up and enables it; returns the secret and the recovery codes. */
async function enableTwoFactor(userName: string) {
  const me = await signedIn(userName);
  const setup = (await me.post('/api/account/two-factor/setup')).json<TwoFactorSetup>();
  const enable = await me.post('/api/account/two-factor/enable', { Code: await totp(setup.Secret) });
  expect(enable.statusCode).toBe(200);
  return { me, secret: setup.Secret, recoveryCodes: enable.json<RecoveryCodes>().RecoveryCodes };
}

describe('two-factor set-up', () => {
  it('gives a secret, an otpauth URI and a QR code; enabling needs a right code and returns 10 recovery codes', async () => {
    await kit.createUser('careful');
    const me = await signedIn('careful');
    expect(await me.status()).toEqual({ Enabled: false, RecoveryCodesLeft: 0 });

    const response = await me.post('/api/account/two-factor/setup');
    expect(response.statusCode).toBe(200);
    const setup = response.json<TwoFactorSetup>();
    expect(setup.Secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.OtpAuthUri).toMatch(/^otpauth:\/\/totp\/Loupe:careful\?/);
    expect(setup.OtpAuthUri).toContain(`secret=${setup.Secret}`);
    expect(setup.OtpAuthUri).toContain('issuer=Loupe');
    expect(setup.QrCode).toMatch(/^data:image\/png;base64,/);
    // Not active until a code proves the app is set up.
    expect(await me.status()).toEqual({ Enabled: false, RecoveryCodesLeft: 0 });
    expect((await kit.passwordGrant('careful', 'Demo1234!')).statusCode).toBe(200);

    const wrong = await me.post('/api/account/two-factor/enable', { Code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ Code: 20006, Message: 'The two-factor code is invalid.' });

    const enable = await me.post('/api/account/two-factor/enable', { Code: await totp(setup.Secret) });
    expect(enable.statusCode).toBe(200);
    const { RecoveryCodes } = enable.json<RecoveryCodes>();
    expect(RecoveryCodes).toHaveLength(10);
    expect(new Set(RecoveryCodes).size).toBe(10);
    expect(await me.status()).toEqual({ Enabled: true, RecoveryCodesLeft: 10 });

    // Stored hashed only.
    const stored = (await kit.user('careful')).recoveryCodeHashes;
    expect(stored).toHaveLength(10);
    for (const code of RecoveryCodes) expect(stored).not.toContain(code);

    // A second set-up would replace the secret in use: refused.
    expect((await me.post('/api/account/two-factor/setup')).statusCode).toBe(400);
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the code after the right password, accepts a TOTP code (±1 step) and refuses a wrong one', async () => {
    await kit.createUser('guarded');
    const { secret } = await enableTwoFactor('guarded');

    const noCode = await kit.passwordGrant('guarded', 'Demo1234!', {}, '10.30.0.1');
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({
      error: 'invalid_grant_2fa',
      error_description: 'The verification code is invalid.',
      two_factor_required: true,
    });
    // A wrong password says nothing about a second factor.
    const wrongPassword = await kit.passwordGrant(
      'guarded',
      'Wrong1234!',
      { otp: await totp(secret) },
      '10.30.0.2',
    );
    expect(wrongPassword.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'User name/email or password is incorrect.',
    });

    const wrongCode = await kit.passwordGrant('guarded', 'Demo1234!', { otp: '123456' }, '10.30.0.3');
    expect(wrongCode.json()).toMatchObject({ error: 'invalid_grant_2fa', two_factor_required: true });

    const next = await kit.passwordGrant('guarded', 'Demo1234!', { otp: await totp(secret, 1) }, '10.30.0.4');
    expect(next.statusCode).toBe(200);
    expect(next.json<TokenResponse>().token_type).toBe('Bearer');
    const tooFar = await kit.passwordGrant(
      'guarded',
      'Demo1234!',
      { otp: await totp(secret, 3) },
      '10.30.0.5',
    );
    expect(tooFar.json().error).toBe('invalid_grant_2fa');
  });

  it('does not accept the same time step twice on this server', async () => {
    await kit.createUser('replayed');
    const { secret } = await enableTwoFactor('replayed');
    // The enable call used the current step; a code of the next step works once.
    const code = await totp(secret, 1);
    expect((await kit.passwordGrant('replayed', 'Demo1234!', { otp: code }, '10.31.0.1')).statusCode).toBe(
      200,
    );
    const replay = await kit.passwordGrant('replayed', 'Demo1234!', { otp: code }, '10.31.0.2');
    expect(replay.json().error).toBe('invalid_grant_2fa');
  });

  it('accepts each recovery code once', async () => {
    await kit.createUser('travelling');
    const { me, recoveryCodes } = await enableTwoFactor('travelling');
    const code = recoveryCodes[0]!;

    const first = await kit.passwordGrant(
      'travelling',
      'Demo1234!',
      { recovery_code: code.toUpperCase() },
      '10.32.0.1',
    );
    expect(first.statusCode).toBe(200);
    const second = await kit.passwordGrant('travelling', 'Demo1234!', { recovery_code: code }, '10.32.0.2');
    expect(second.json()).toMatchObject({ error: 'invalid_grant_2fa', two_factor_required: true });
    expect(await me.status()).toEqual({ Enabled: true, RecoveryCodesLeft: 9 });
  });

  it('asks for a captcha after 3 wrong codes', async () => {
    await kit.createUser('bruteforced');
    await enableTwoFactor('bruteforced');
    const attempt = (address: string) =>
      kit.passwordGrant('bruteforced', 'Demo1234!', { otp: '000000' }, address);
    await attempt('10.33.0.1');
    await attempt('10.33.0.2');
    expect((await attempt('10.33.0.3')).json()).toMatchObject({
      error: 'invalid_grant_2fa',
      captcha_required: true,
    });
    expect((await attempt('10.33.0.4')).json().error).toBe('invalid_captcha');
  });
});

describe('profile: recovery codes and disabling', () => {
  it('regenerates recovery codes with a code, and disables two-factor with a recovery code', async () => {
    await kit.createUser('tidy');
    const { me, secret, recoveryCodes } = await enableTwoFactor('tidy');

    const wrong = await me.post('/api/account/two-factor/recovery-codes', { Code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Code).toBe(20006);

    const regenerated = await me.post('/api/account/two-factor/recovery-codes', {
      Code: await totp(secret, 1),
    });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json<RecoveryCodes>().RecoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    // The old codes no longer work.
    expect((await me.post('/api/account/two-factor/disable', { Code: recoveryCodes[0] })).json().Code).toBe(
      20006,
    );

    const disable = await me.post('/api/account/two-factor/disable', { Code: fresh[3] });
    expect(disable.statusCode).toBe(204);
    expect(await me.status()).toEqual({ Enabled: false, RecoveryCodesLeft: 0 });
    const user = await kit.user('tidy');
    expect(user.twoFactorSecret).toBeNull();
    expect((await kit.passwordGrant('tidy', 'Demo1234!')).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    for (const url of ['/api/account/two-factor/setup', '/api/account/two-factor/enable']) {
      expect((await t.app.inject({ method: 'POST', url, payload: { Code: '123456' } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/account/two-factor' })).statusCode).toBe(401);
  });
});
