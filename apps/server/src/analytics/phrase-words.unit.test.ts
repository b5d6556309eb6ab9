import { describe, expect, it } from 'vitest';
import { commentPhrases, phraseLanguage } from './phrase-words.js';
import { textTerms } from './text-terms.js';

const stem = (word: string, language: 'tr' | 'en') => textTerms(word, language)[0]!;

describe('commentPhrases', () => {
  it('lists each (stem, form) once with its uses, a stem’s forms together, its first entry marked', () => {
    const { words } = commentPhrases('Şubede beklettiler. Şube şubede! ŞUBE', 'tr-TR');
    const şube = stem('şube', 'tr');
    expect(words.filter((entry) => entry.stem === şube)).toEqual([
      { stem: şube, form: 'şubede', uses: 2, first: true },
      { stem: şube, form: 'şube', uses: 2, first: false },
    ]);
    expect(words.map((entry) => entry.stem)).toEqual([şube, şube, stem('beklettiler', 'tr')]);
  });

  it('pairs adjacent counting words only: punctuation, stop words, numbers and phrase stop words break a pair', () => {
    const { pairs } = commentPhrases(
      'Friendly staff, friendly staff and the queue. Very quick 42 cards; it’s quick',
      'en',
    );
    const friendlyStaff = `${stem('friendly', 'en')} ${stem('staff', 'en')}`;
    expect(pairs).toEqual([{ stem: friendlyStaff, form: 'friendly staff', uses: 2, first: true }]);
  });

  it('drops an apostrophe suffix, lower-cases in the comment’s language and keeps Turkish dotted and dotless i', () => {
    const { words } = commentPhrases('İzmir’de ILIK', 'tr');
    expect(words.map((entry) => entry.form)).toEqual(['izmir', 'ılık']);
  });

  it('has nothing for other languages or none', () => {
    expect(commentPhrases('Die Filiale war gut', 'de')).toEqual({ words: [], pairs: [] });
    expect(commentPhrases('Şube güzel', null)).toEqual({ words: [], pairs: [] });
    expect(phraseLanguage(' en_GB ')).toBe('en');
    expect(phraseLanguage('TR-tr')).toBe('tr');
  });
});
