import { textTerms, type StemmedLanguage } from './text-terms.js';

/*
 * The words and two-word phrases of a comment for the top phrases widget (docs/metrics.md "Top phrases"), cut once
 * when the sync writes the comment (comments.phrase_words and phrase_pairs) instead of on every request. A text is
 * cut into tokens the way text-terms.ts cuts search words (letters, marks and digits with an apostrophe suffix
 * dropped) plus punctuation marks and line breaks. A word token counts when its part before the apostrophe has a
 * letter and a Snowball stem (stop words have none) that is not a phrase stop word; it is shown in its form
 * lower-cased in the comment's language. A pair is two counting words next to each other: a punctuation mark, a
 * stop word, a number or a phrase stop word between them breaks it, so no pair spans a sentence.
 *
 * Per comment each (stem, form) is listed once with its uses in the comment, the entries of one stem side by side
 * and the first of them marked: summing `uses` counts occurrences, counting `first` counts comments.
 */

/** A (stem, form) of one comment: how often it occurs there, and whether it is its stem's first entry. */
export type PhraseEntry = { stem: string; form: string; uses: number; first: boolean };

/** A comment's counting words and adjacent pairs (pairs' stems and forms joined by a space). */
export type CommentPhrases = { words: PhraseEntry[]; pairs: PhraseEntry[] };

const LOCALES: Record<StemmedLanguage, string> = { tr: 'tr-TR', en: 'en-US' };
// text-terms.ts's WORD, or one punctuation mark or line break (a token without a stem).
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|[.,;:!?…()[\]"“”«»–—\n\r]/gu;
const LETTER = /\p{L}/u;

// Words too common in opinions to say anything as a phrase of their own (intensifiers and fillers): their stems
// are never a phrase and, like text-terms.ts's stop words, they break a two-word phrase.
const PHRASE_STOP_WORDS: Record<StemmedLanguage, readonly string[]> = {
  tr: 'çok kadar bile artık biraz gayet oldukça hala hâlâ tabii'.split(' '),
  en: 'very really just also too much quite'.split(' '),
};
let phraseStopStems: Record<StemmedLanguage, ReadonlySet<string>> | undefined;
function isPhraseStopStem(stem: string, language: StemmedLanguage): boolean {
  phraseStopStems ??= {
    tr: new Set(PHRASE_STOP_WORDS.tr.flatMap((word) => textTerms(word, 'tr'))),
    en: new Set(PHRASE_STOP_WORDS.en.flatMap((word) => textTerms(word, 'en'))),
  };
  return phraseStopStems[language].has(stem);
}

/**
 * The comment's language for phrases, read as the widget's SQL reads comments.language ('tr' of 'tr-TR' or
 * 'TR_tr'); null for other languages and none: such comments have no phrases.
 */
export function phraseLanguage(language: string | null): StemmedLanguage | null {
  const code = (language ?? '').trim().split('-')[0]!.split('_')[0]!.toLowerCase();
  return code === 'tr' || code === 'en' ? code : null;
}

/** As text-terms.ts: Turkish İ -> i and I -> ı; English drops the combining dot of İ. */
function lowerCase(word: string, language: StemmedLanguage): string {
  return word
    .toLocaleLowerCase(LOCALES[language])
    .replace(/\u0307/g, '')
    .normalize('NFC');
}

type Word = { stem: string; form: string };

/** A token's stem and form; null for a token that breaks a pair (punctuation, stop word, number). */
export function phraseWord(token: string, language: StemmedLanguage): Word | null {
  const word = token.split(/['’]/)[0] ?? '';
  if (!LETTER.test(word)) return null;
  const [stem] = textTerms(word, language);
  if (stem === undefined || isPhraseStopStem(stem, language)) return null;
  return { stem, form: lowerCase(word, language) };
}

/** Each (stem, form) once with its uses, grouped by stem in order of first appearance, first entries marked. */
function tally(words: readonly Word[]): PhraseEntry[] {
  const byStem = new Map<string, Map<string, number>>();
  for (const { stem, form } of words) {
    const forms = byStem.get(stem) ?? new Map<string, number>();
    forms.set(form, (forms.get(form) ?? 0) + 1);
    byStem.set(stem, forms);
  }
  const entries: PhraseEntry[] = [];
  for (const [stem, forms] of byStem) {
    let first = true;
    for (const [form, uses] of forms) {
      entries.push({ stem, form, uses, first });
      first = false;
    }
  }
  return entries;
}

const NONE: CommentPhrases = { words: [], pairs: [] };

/** The comment's counting words and adjacent pairs; none for languages other than Turkish and English. */
export function commentPhrases(text: string, language: string | null): CommentPhrases {
  const lang = phraseLanguage(language);
  if (lang === null) return NONE;
  const tokens = Array.from(text.matchAll(TOKEN), ([token]) => phraseWord(token, lang));
  const words = tokens.filter((word): word is Word => word !== null);
  const pairs: Word[] = [];
  for (let index = 1; index < tokens.length; index++) {
    const [before, after] = [tokens[index - 1], tokens[index]];
    if (before && after)
      pairs.push({ stem: `${before.stem} ${after.stem}`, form: `${before.form} ${after.form}` });
  }
  return { words: tally(words), pairs: tally(pairs) };
}
