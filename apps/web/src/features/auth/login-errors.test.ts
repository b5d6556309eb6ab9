import { LOGIN_ERROR_MESSAGES, LOGIN_ERRORS, type LoginError } from '@loupe/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/lib/test-storage';

vi.stubGlobal('localStorage', memoryStorage());
const { changeLocale, i18n, i18nReady } = await import('@/lib/i18n');
const { errorMessage } = await import('@/lib/error-message');
const { TokenRequestError } = await import('@/lib/api-client');

/** The sign-in errors the shell spec (§8) names; each must reach the page as a translated message. */
const SPEC_LOGIN_ERRORS = [
  'invalid_captcha',
  'invalid_grant',
  'invalid_grant_email_confirm',
  'invalid_grant_trial_expired',
  'invalid_grant_2fa',
  'invalid_sso_login',
  'expired_password',
] as const;

/** What the sign-in pages show for a refused sign-in, through the same code they use. */
function shownMessage(error: LoginError): string {
  const refused = new TokenRequestError(error, `server text for ${error}`);
  return errorMessage(refused, i18n.t);
}

const shown: Record<'tr' | 'en', Partial<Record<LoginError, string>>> = { tr: {}, en: {} };

describe('login errors', () => {
  beforeAll(() => i18nReady);

  it('the contracts list every error the spec names', () => {
    for (const error of SPEC_LOGIN_ERRORS) expect(LOGIN_ERRORS).toContain(error);
  });

  describe.each(['tr', 'en'] as const)('in %s', (language) => {
    beforeAll(() => changeLocale(language));

    it.each(LOGIN_ERRORS)('%s shows its translated message', (error) => {
      const message = shownMessage(error);
      shown[language][error] = message;
      expect(message).toBe(LOGIN_ERROR_MESSAGES[error][language]);
      // Neither the key nor the server's own description.
      expect(message).not.toContain(error);
      expect(message).not.toContain('server text');
    });
  });

  it.each(LOGIN_ERRORS)('%s reads differently in Turkish and English', (error) => {
    expect(shown.tr[error]).toBeTruthy();
    expect(shown.tr[error]).not.toBe(shown.en[error]);
  });
});
