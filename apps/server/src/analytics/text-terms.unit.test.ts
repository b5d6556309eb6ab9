import { describe, expect, it } from 'vitest';
import { guessLanguage, queryTermGroups, textTerms } from './text-terms.js';

/** True when every query word shares a term with the text, as the filter compiler asks DuckDB. */
function matches(query: string, text: string, language: string | null): boolean {
  const terms = new Set(textTerms(text, language));
  return queryTermGroups(query).every((group) => group.some((term) => terms.has(term)));
}

describe('textTerms', () => {
  it('stems Turkish inflected forms to one term', () => {
    expect(textTerms('şubede', 'tr')).toEqual(textTerms('şube', 'tr'));
    expect(textTerms('şubeler', 'tr')).toEqual(textTerms('şube', 'tr'));
    expect(textTerms('şubelerde', 'tr')).toEqual(['şube']);
  });

  it('stems English forms to one term', () => {
    expect(textTerms('waiting', 'en')).toEqual(['wait']);
    expect(textTerms('waited', 'en')).toEqual(['wait']);
    expect(textTerms('branches', 'en-GB')).toEqual(['branch']);
  });

  it('lower-cases Turkish with the Turkish locale (İ -> i, I -> ı)', () => {
    expect(textTerms('İSTANBUL IŞIK', 'tr')).toEqual(['istanbul', 'ışık']);
  });

  it('drops stop words, punctuation and apostrophe suffixes, and keeps each term once', () => {
    expect(textTerms("Şube ve şubede, İstanbul'daki şube!", 'tr')).toEqual(['şube', 'istanbul']);
    expect(textTerms('The staff at the branch', 'en')).toEqual(['staff', 'branch']);
  });

  it('guesses the language when it is not known', () => {
    expect(guessLanguage('Şubede bekledim')).toBe('tr');
    expect(guessLanguage('bu kredi ve faiz')).toBe('tr');
    expect(guessLanguage('I waited at the branch')).toBe('en');
    expect(guessLanguage('ok')).toBeNull();
    expect(textTerms('Şubelerde', null)).toEqual(['şube']);
    expect(textTerms('I waited at the branch', null)).toEqual(['wait', 'branch']);
  });

  it('keeps whole lower-cased words in languages without a stemmer', () => {
    expect(textTerms('Ожидание было ДОЛГИМ', 'ru')).toEqual(['ожидание', 'было', 'долгим']);
  });
});

describe('queryTermGroups', () => {
  it('gives one group of possible terms per word, without stop words', () => {
    expect(queryTermGroups('şube')).toEqual([['şube']]);
    expect(queryTermGroups('the branch ve şube')).toEqual([['branch'], ['şube']]);
    expect(queryTermGroups('ve the')).toEqual([]);
  });

  it('finds inflected forms in Turkish and English comments', () => {
    expect(matches('şube', 'Şubede çok bekledim', 'tr')).toBe(true);
    expect(matches('şubede', 'Şubeler kalabalık', 'tr')).toBe(true);
    expect(matches('waiting', 'I waited too long', 'en')).toBe(true);
    expect(matches('WAITED', 'Waiting time is terrible', null)).toBe(true);
    expect(matches('şube bekledim', 'Şubede çok bekledim', 'tr')).toBe(true);
    expect(matches('şube faiz', 'Şubede çok bekledim', 'tr')).toBe(false);
    expect(matches('долгим', 'Ожидание было долгим', 'ru')).toBe(true);
  });
});
