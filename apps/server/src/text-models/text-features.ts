import { lowerCase, stemWord, type StemmedLanguage } from '../analytics/text-terms.js';

// The features a text model sees in a comment (docs/text-models.md § Features). A comment becomes a bag of
// strings: the Snowball stem of each word (the same stemmers as the replica's search terms), the stem marked "!"
// when a negation covers it, and each pair of neighbouring stems within a clause. Stop words are kept: "ne iyi ne
// kötü" and "as usual" carry the neutral class through words a search would drop.

/** The languages the text models understand. */
export type ModelLanguage = StemmedLanguage;

// A word (letters, marks, digits, an apostrophe suffix) or a clause-ending punctuation mark.
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|[.,;:!?…]/gu;
const CLAUSE_END = /^[.,;:!?…]$/u;
const MAX_WORD_LENGTH = 60;

/** English words that negate the words after them, to the end of the clause (at most `NEGATION_REACH` words). */
const ENGLISH_NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'nobody',
  'none',
  'neither',
  'nor',
  'cannot',
]);
const NEGATION_REACH = 3;
/** Turkish words that negate the word before them: "iyi değil", "sorun yok". */
const TURKISH_POSTPOSED_NEGATORS = new Set([
  'değil',
  'değildi',
  'değildir',
  'değilim',
  'yok',
  'yoktu',
  'yoktur',
]);
/**
 * A Turkish verb negated by its -me/-ma suffix, followed by a tense: gelmiyor, gelmedi, gelmez, gelmemiş,
 * gelmeyecek, etmem, gelmeyin. The bare -me/-ma is left alone: it also makes nouns (ödeme, bekleme). The root
 * before the suffix must keep two letters.
 */
const TURKISH_NEGATED_VERB =
  /^(.{2,}?)m(?:[ıiuü]yor|[ae]d[ıi]|[ae]z|[ae]m[ıi]ş|[ae]y[ae]c[ae]k|[ae]y[ıi]n|[ae]m$)/u;
/** Words the suffix pattern would read as negated verbs but are not. */
const TURKISH_NOT_NEGATED = new Set(['tamam', 'tamamdı', 'hamam']);

type Token = { stem: string; negated: boolean; negator: boolean } | null;

/**
 * The features of a comment in Turkish or English: "w:<stem>" per word (or "w:!<stem>" under a negation),
 * "b:<stem> <stem>" per pair of neighbouring words in a clause, and "neg" once when the comment negates anything.
 * Repeated features are kept once; the order is the comment's.
 */
export function commentFeatures(text: string, language: ModelLanguage): string[] {
  const tokens = tokenize(text, language);
  if (language === 'en') negateForwards(tokens);
  else negateBackwards(tokens);
  const features = new Set<string>();
  let previous: Token = null;
  for (const token of tokens) {
    if (token === null) {
      previous = null;
      continue;
    }
    features.add(token.negated ? `w:!${token.stem}` : `w:${token.stem}`);
    if (token.negator || token.negated) features.add('neg');
    if (previous) features.add(`b:${previous.stem} ${token.stem}`);
    previous = token;
  }
  return [...features];
}

/** Words as stems with their negation marks, null for a clause end. */
function tokenize(text: string, language: ModelLanguage): Token[] {
  const tokens: Token[] = [];
  for (const match of text.normalize('NFC').matchAll(TOKEN)) {
    const raw = match[0];
    if (CLAUSE_END.test(raw)) {
      tokens.push(null);
      continue;
    }
    if (raw.length > MAX_WORD_LENGTH) continue;
    const lower = lowerCase(raw.replace(/’/g, "'"), language);
    tokens.push(language === 'en' ? englishToken(lower) : turkishToken(lower));
  }
  return tokens;
}

function englishToken(lower: string): Token {
  // "didn't", "isn't", "won't": the auxiliary is noise, the negation is the signal.
  if (lower.endsWith("n't")) return { stem: 'not', negated: false, negator: true };
  const word = lower.split("'")[0] ?? lower;
  return { stem: stemWord(word, 'en'), negated: false, negator: ENGLISH_NEGATORS.has(word) };
}

function turkishToken(lower: string): Token {
  // A name's suffix follows an apostrophe (İstanbul'da): the name is the word.
  const word = lower.split("'")[0] ?? lower;
  if (TURKISH_POSTPOSED_NEGATORS.has(word)) return { stem: 'değil', negated: false, negator: true };
  const verb = TURKISH_NOT_NEGATED.has(word) ? null : TURKISH_NEGATED_VERB.exec(word);
  if (verb?.[1]) return { stem: verb[1], negated: true, negator: false };
  return { stem: stemWord(word, 'tr'), negated: false, negator: false };
}

/** English: a negator marks the next words of its clause ("not very helpful" → !very !help). */
function negateForwards(tokens: Token[]) {
  let reach = 0;
  for (const token of tokens) {
    if (token === null) reach = 0;
    else if (token.negator) reach = NEGATION_REACH;
    else if (reach > 0) {
      token.negated = true;
      reach -= 1;
    }
  }
}

/** Turkish: "değil" and "yok" mark the word before them in the clause ("iyi değil" → !iyi). */
function negateBackwards(tokens: Token[]) {
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i];
    const before = tokens[i - 1];
    if (token?.negator && before && !before.negator) before.negated = true;
  }
}
