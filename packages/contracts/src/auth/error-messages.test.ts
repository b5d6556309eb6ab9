import { describe, expect, it } from 'vitest';
import { ErrorCode, LOGIN_ERRORS } from '../error-codes.js';
import { ERROR_MESSAGES, LOGIN_ERROR_MESSAGES, errorMessage } from '../error-messages.js';

const ARABIC_LETTER = /[\u0600-\u06ff]/;

describe('sign-in error names', () => {
  it.each(LOGIN_ERRORS)('%s has a Turkish, an English and an Arabic message', (name) => {
    const messages = LOGIN_ERROR_MESSAGES[name];
    expect(messages.tr.trim()).not.toBe('');
    expect(messages.en.trim()).not.toBe('');
    expect(messages.ar).toMatch(ARABIC_LETTER);
    expect(messages.tr).not.toBe(messages.en);
  });

  it('covers every name of the spec (shell §8)', () => {
    expect(LOGIN_ERRORS).toEqual(
      expect.arrayContaining([
        'invalid_captcha',
        'invalid_grant',
        'invalid_grant_email_confirm',
        'invalid_grant_trial_expired',
        'invalid_grant_2fa',
        'invalid_sso_login',
        'expired_password',
      ]),
    );
  });
});

describe('account error codes', () => {
  const accountCodes = [
    ErrorCode.LinkInvalid,
    ErrorCode.LinkExpired,
    ErrorCode.EmailAlreadyConfirmed,
    ErrorCode.CurrentPasswordWrong,
    ErrorCode.NewPasswordSameAsCurrent,
    ErrorCode.TwoFactorCodeInvalid,
    ErrorCode.SsoNotConfigured,
  ];

  it('are 20001 to 20007', () => {
    expect(accountCodes).toEqual([20001, 20002, 20003, 20004, 20005, 20006, 20007]);
  });

  it.each(accountCodes)('%i reads in Turkish, English and Arabic', (code) => {
    expect(ERROR_MESSAGES[code].tr.trim()).not.toBe('');
    expect(ERROR_MESSAGES[code].en.trim()).not.toBe('');
    expect(ERROR_MESSAGES[code].tr).not.toBe(ERROR_MESSAGES[code].en);
    expect(errorMessage(code, 'tr')).toBe(ERROR_MESSAGES[code].tr);
    expect(errorMessage(code, 'ar')).toBe(ERROR_MESSAGES[code].ar);
    // Languages without a catalogue of their own read English.
    expect(errorMessage(code, 'fr')).toBe(ERROR_MESSAGES[code].en);
    expect(errorMessage(code, undefined)).toBe(ERROR_MESSAGES[code].en);
  });

  it('every code has its three messages, the Arabic one in Arabic letters', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_MESSAGES[code]?.tr, String(code)).toBeTruthy();
      expect(ERROR_MESSAGES[code]?.en, String(code)).toBeTruthy();
      expect(ERROR_MESSAGES[code]?.ar, String(code)).toMatch(ARABIC_LETTER);
    }
  });
});
