import { ERROR_MESSAGES, ErrorCode } from '@loupe/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './test-storage';

vi.stubGlobal('localStorage', memoryStorage());
const { changeLocale, i18n, i18nReady } = await import('./i18n');
const { errorMessage } = await import('./error-message');
const { ApiError } = await import('./api-client');

const CODES = Object.values(ErrorCode);

/** What the console shows for a refusal with `code`, through the same code the pages and the error dialog use. */
function shownMessage(code: number): string {
  const error = new ApiError({ status: 400, code, message: `server text for ${code}`, supportId: null });
  return errorMessage(error, i18n.t);
}

describe('error texts from the contracts catalogue', () => {
  beforeAll(() => i18nReady);

  describe.each(['tr', 'en', 'ar'] as const)('in %s', (language) => {
    beforeAll(() => changeLocale(language));

    it.each(CODES)('%i has its text', (code) => {
      const message = shownMessage(code);
      expect(message.trim()).not.toBe('');
      expect(message).toBe(ERROR_MESSAGES[code][language]);
      // Neither the key nor the server's own message.
      expect(message).not.toContain('errorCodes');
      expect(message).not.toContain('server text');
    });
  });

  it('reads English in a language without error texts of its own', async () => {
    await changeLocale('fr');
    expect(shownMessage(ErrorCode.ReportNameExists)).toBe('Report name must be unique.');
    await changeLocale('tr');
    expect(shownMessage(ErrorCode.ReportNameExists)).toBe('Rapor adı benzersiz olmalıdır.');
  });

  it('shows the server’s message for a code this build does not know', () => {
    expect(shownMessage(99999)).toBe('server text for 99999');
  });
});
