import { LANGUAGES } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { pageLanguage, translator } from './i18n';

describe('the page’s words', () => {
  it('has the main buttons in each of the 12 languages, and falls back to English key by key', () => {
    const english = translator('en');
    for (const { code } of LANGUAGES) {
      const t = translator(code);
      for (const key of [
        'next',
        'back',
        'complete',
        'optOut',
        'optOutConfirm',
        'required',
        'thanks',
        'declineForGood',
        'declineThisVisit',
      ] as const) {
        expect(t(key), `${code} ${key}`).not.toBe('');
        if (!['en'].includes(code)) expect(t(key), `${code} ${key}`).not.toBe(english(key));
      }
    }
    expect(translator('hi')('loadFailed')).toBe(english('loadFailed'));
    expect(translator('ar')('loadFailed')).not.toBe(english('loadFailed'));
  });

  it('fills parameters', () => {
    expect(translator('tr')('progress', { page: 2, pages: 3 })).toBe('Sayfa 2 / 3');
    expect(translator('ar')('progress', { page: 2, pages: 3 })).toBe('الصفحة 2 من 3');
  });

  it('reads the survey’s or the browser’s language, Turkish when it is none of the 12', () => {
    expect(pageLanguage('ar')).toBe('ar');
    expect(pageLanguage('en-GB')).toBe('en');
    expect(pageLanguage('de-DE')).toBe('tr');
    expect(pageLanguage(undefined)).toBe('tr');
  });
});
