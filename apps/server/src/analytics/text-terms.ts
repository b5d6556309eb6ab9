import { createRequire } from 'node:module';

// Search terms for FreeTextFilter, the way PostgreSQL's text search builds a tsvector: lower-case in the text's
// own locale, split into words, drop stop words, reduce each word to its Snowball stem. The sync stores
// `textTerms(comment)` in comments.search_terms; the filter compiler asks `queryTermGroups(query)` and requires
// every query word to hit. Both go through the same stemmers, so "şube" finds "şubede" and "waiting" finds "waited".

type SnowballStemmer = { stem(word: string): string };
// snowball-stemmers is the official Snowball algorithms compiled to plain JS (CommonJS, no type declarations).
const snowball = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer(language: string): SnowballStemmer;
};

/** The languages whose words are stemmed; other languages match whole words. */
export type StemmedLanguage = 'tr' | 'en';

/**
 * Snowball stemmers behind a bounded memo: a comment corpus repeats a small vocabulary, and the Turkish stemmer
 * costs ~80 µs a word, so caching turns a rebuild's stemming from seconds per thousand comments into noise.
 */
function memoisedStemmer(algorithm: string, limit = 200_000): SnowballStemmer {
  const stemmer = snowball.newStemmer(algorithm);
  const memo = new Map<string, string>();
  return {
    stem(word) {
      let stem = memo.get(word);
      if (stem === undefined) {
        stem = stemmer.stem(word);
        if (memo.size >= limit) memo.clear();
        memo.set(word, stem);
      }
      return stem;
    },
  };
}

const stemmers: Record<StemmedLanguage, SnowballStemmer> = {
  tr: memoisedStemmer('turkish'),
  en: memoisedStemmer('english'),
};

const locales: Record<StemmedLanguage, string> = { tr: 'tr-TR', en: 'en-US' };

// Small lists of the most frequent function words; words that carry opinion ("değil", "not") are kept, since
// people search for them.
const STOP_WORDS: Record<StemmedLanguage, ReadonlySet<string>> = {
  tr: new Set(
    (
      'acaba ama ancak bana bazı belki ben beni benim bir biz bize bizi bizim bu buna bunu bunun da daha de diye ' +
      'en gibi hem hep her için ile ise ki kim mi mı mu mü ne neden o ona onu onun ve veya ya yani şu şey çünkü ' +
      'zaten sen seni senin siz sizi sizin onlar olarak olan'
    ).split(' '),
  ),
  en: new Set(
    (
      'a an and are as at be been but by did do does for from had has have he her his i if in into is it its me ' +
      'my of on or our she so that the their them then there these they this those to was we were what when ' +
      'which who will with you your'
    ).split(' '),
  ),
};

const TURKISH_LETTERS = /[çğıöşüÇĞİÖŞÜ]/u;
// Letters and digits, with combining marks (Hindi, decomposed accents); an apostrophe suffix is part of the word.
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;
// Longer "words" are codes or noise, not something anyone searches for.
const MAX_WORD_LENGTH = 60;

/**
 * The stemmed search terms of a text, unique, for comments.search_terms. `language` is the text's language code
 * ('tr', 'en', 'tr-TR', …); null or unknown-to-the-stemmers languages fall back to a crude guess: Turkish letters
 * or more Turkish than English stop words make it Turkish, English stop words English, and otherwise the words are
 * stemmed both ways. Languages other than Turkish and English keep whole lower-cased words.
 */
export function textTerms(text: string, language: string | null): string[] {
  const languages = stemmedLanguages(text, language);
  const terms = new Set<string>();
  for (const word of words(text)) {
    for (const term of wordTerms(word, languages)) terms.add(term);
  }
  return [...terms];
}

/**
 * The query side of FreeTextFilter: one group per query word, holding the word's possible terms (its Turkish
 * stem, its English stem, the whole word). A comment matches when every group shares a term with its
 * search_terms. The query's language is not known, so a word is dropped when it is a stop word in either language.
 */
export function queryTermGroups(query: string): string[][] {
  const groups = new Map<string, string[]>();
  for (const word of words(query)) {
    const forms = new Set<string>();
    let isStopWord = false;
    for (const language of ['tr', 'en'] as const) {
      const lower = lowerCase(word, language);
      if (STOP_WORDS[language].has(lower)) isStopWord = true;
      forms.add(stemmers[language].stem(lower));
      forms.add(lower);
    }
    if (isStopWord) continue;
    const group = [...forms].sort();
    groups.set(group.join(' '), group);
  }
  return [...groups.values()];
}

/** 'tr' or 'en' for Turkish or English text by a look at its letters and stop words; null when unclear. */
export function guessLanguage(text: string): StemmedLanguage | null {
  if (TURKISH_LETTERS.test(text)) return 'tr';
  let turkish = 0;
  let english = 0;
  for (const word of words(text)) {
    if (STOP_WORDS.tr.has(lowerCase(word, 'tr'))) turkish += 1;
    if (STOP_WORDS.en.has(lowerCase(word, 'en'))) english += 1;
  }
  if (turkish > english) return 'tr';
  if (english > 0) return 'en';
  return null;
}

/** The stemmers a text goes through: its own language's, a guessed one, both, or none (other languages). */
function stemmedLanguages(text: string, language: string | null): StemmedLanguage[] {
  const code = language?.trim().toLowerCase().split(/[-_]/)[0];
  if (code === 'tr' || code === 'en') return [code];
  if (code) return [];
  const guess = guessLanguage(text);
  return guess ? [guess] : ['tr', 'en'];
}

function* words(text: string): Generator<string> {
  for (const match of text.normalize('NFC').matchAll(WORD)) {
    // Turkish writes suffixes of names after an apostrophe (İstanbul'da); English contractions lose theirs too.
    const word = match[0].split(/['’]/)[0] ?? '';
    if (word.length > 0 && word.length <= MAX_WORD_LENGTH) yield word;
  }
}

function wordTerms(word: string, languages: StemmedLanguage[]): string[] {
  if (languages.length === 0) {
    const lower = word.toLowerCase();
    return [lower];
  }
  const terms: string[] = [];
  for (const language of languages) {
    const lower = lowerCase(word, language);
    if (!STOP_WORDS[language].has(lower)) terms.push(stemmers[language].stem(lower));
  }
  return terms;
}

/** The Snowball stem of a word already lower-cased by `lowerCase`; the text models stem through it too. */
export function stemWord(lower: string, language: StemmedLanguage): string {
  return stemmers[language].stem(lower);
}

/** Lower case by the language's rules (Turkish dotted and dotless i); shared with the text models' features. */
export function lowerCase(word: string, language: StemmedLanguage): string {
  // Turkish: İ -> i and I -> ı. English turns İ into i plus a combining dot, which is dropped.
  return word
    .toLocaleLowerCase(locales[language])
    .replace(/\u0307/g, '')
    .normalize('NFC');
}
