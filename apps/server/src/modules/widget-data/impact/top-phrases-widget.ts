import { z } from 'zod';
import {
  sentimentScoreSchema,
  TOP_PHRASE_LIMIT_MAX,
  TopPhraseStatus,
  type TopPhraseRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { CompiledFilter, SqlParam } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import { textTerms } from '../../../analytics/text-terms.js';
import { invalidValue } from '../../../errors.js';
import { whereOf, type WidgetQuery } from '../shared/widget-query.js';

/*
 * Top phrases (`top-phrases`, ExperiencePerformanceChart; docs/metrics.md "Top phrases"). The selection's
 * Turkish and English comments (their own text) are cut into words the way text-terms.ts does for search terms:
 * letters/marks/digits with an apostrophe suffix dropped, lower-cased in the comment's language, stop words out,
 * each word reduced to its Snowball stem. A phrase is a stem (PhraseCount 1) or the stems of two adjacent words
 * (PhraseCount 2; a stop word, a number or a punctuation mark between them breaks the pair). Responses = the
 * comments that contain it, Value = its occurrences; the most mentioned (Value, the bars the chart draws, then Responses, then the stem) come
 * first, Limit of them, each shown in its most common lower-cased surface form.
 *
 * How: DuckDB cuts the texts into tokens (one regular expression, the character classes of text-terms) and lists
 * the distinct (language, token) pairs with their counts; the server stems that vocabulary (`textTerms`, memoised).
 * Single words take occurrences and forms from those counts and Responses from unnest(search_terms) (the same
 * stems, once per comment); pairs hand the vocabulary back to DuckDB, which pairs adjacent tokens per comment. The
 * counting stays in DuckDB; only the vocabulary crosses over.
 */

/** Phrases shown when dataFilters.Limit is absent (the catalogue's default). */
const TOP_PHRASE_DEFAULT_LIMIT = 20;
/**
 * At most this many distinct word forms (language, token) are stemmed per request, the most frequent first; the
 * rarer forms beyond it are left out of the counts. Ordinary selections stay far below it.
 */
const TOP_PHRASE_VOCABULARY_MAX = 100_000;

type StemmedLanguage = 'tr' | 'en';
const LOCALES: Record<StemmedLanguage, string> = { tr: 'tr-TR', en: 'en-US' };

// text-terms.ts's WORD, as a RE2 pattern for DuckDB (the apostrophe doubled inside the SQL string literal), or
// one punctuation mark or line break: those are tokens without a stem, so no two-word phrase spans a sentence.
const TOKEN_PATTERN = `[\\p{L}\\p{M}\\p{N}]+(?:[''’][\\p{L}\\p{M}]+)*|[.,;:!?…()\\[\\]"“”«»–—\\n\\r]`;
const LETTER = /\p{L}/u;
/** The comment's language code ('tr' of 'tr-TR'), as text-terms.ts reads it. */
const LANGUAGE_SQL = `lower(split_part(split_part(trim(c.language), '-', 1), '_', 1))`;

const limitSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().int().min(1).max(TOP_PHRASE_LIMIT_MAX).nullish(),
);
const phraseCountSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.union([z.literal(1), z.literal(2)]).nullish(),
);
const sentimentFilterSchema = z
  .union([sentimentScoreSchema, z.array(sentimentScoreSchema)])
  .nullish()
  .transform((value) =>
    value === null || value === undefined ? [] : Array.isArray(value) ? value : [value],
  );

function parsed<T>(schema: z.ZodType<T>, filters: WidgetDataFilters, field: string): T {
  const result = schema.safeParse(filters[field]);
  if (!result.success) throw invalidValue(`DataFilters.${field}`, result.error.issues[0]);
  return result.data;
}

/** Limit (1..TOP_PHRASE_LIMIT_MAX), PhraseCount (1 or 2) and SentimentFilter (4, 2, 0, -1); otherwise a 400. */
function topPhraseOptions(filters: WidgetDataFilters): {
  limit: number;
  phraseCount: 1 | 2;
  sentiments: number[];
} {
  return {
    limit: parsed(limitSchema, filters, 'Limit') ?? TOP_PHRASE_DEFAULT_LIMIT,
    phraseCount: parsed(phraseCountSchema, filters, 'PhraseCount') ?? 1,
    sentiments: [...new Set(parsed(sentimentFilterSchema, filters, 'SentimentFilter'))],
  };
}

/** dataFilters.SentimentFilter on the comment's own sentiment (-1 is unclassified, the spec's "[* TO -1]"). */
function sentimentClause(sentiments: readonly number[]): CompiledFilter {
  if (sentiments.length === 0) return { where: 'true', params: [] };
  const classified = sentiments.filter((score) => score >= 0);
  const parts: string[] = [];
  if (classified.length > 0) {
    parts.push('c.comment_sentiment_score = ANY(?)');
  }
  if (sentiments.some((score) => score < 0)) parts.push('c.comment_sentiment_score < 0');
  return { where: `(${parts.join(' OR ')})`, params: classified.length > 0 ? [classified] : [] };
}

function statusRow(status: number): TopPhraseRow[] {
  return [{ Category: '', Value: 0, Responses: 0, StatusCode: status }];
}

function lowerCase(word: string, language: StemmedLanguage): string {
  // As text-terms.ts: Turkish İ -> i and I -> ı; English drops the combining dot of İ.
  return word
    .toLocaleLowerCase(LOCALES[language])
    .replace(/\u0307/g, '')
    .normalize('NFC');
}

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

type Vocabulary = {
  /** `language|token` of every word that has a stem, with its stem and lower-cased form. */
  keys: string[];
  stems: string[];
  forms: string[];
  /** Per stem: its occurrences and how often each form stands for it. */
  byStem: Map<string, { occurrences: number; forms: Map<string, number> }>;
};

/**
 * The stem and lower-cased form of each (language, token) with its count: the token's part before an apostrophe,
 * through `textTerms` (so exactly the stems of comments.search_terms). Stop words, PHRASE_STOP_WORDS and words
 * without a letter (numbers) get none.
 */
function stemVocabulary(rows: readonly { lang: string; token: string; uses: unknown }[]): Vocabulary {
  const vocabulary: Vocabulary = { keys: [], stems: [], forms: [], byStem: new Map() };
  for (const { lang, token, uses } of rows) {
    const language = lang as StemmedLanguage;
    const word = token.split(/['’]/)[0] ?? '';
    if (!LETTER.test(word)) continue;
    const [stem] = textTerms(word, language);
    if (stem === undefined || isPhraseStopStem(stem, language)) continue;
    const form = lowerCase(word, language);
    vocabulary.keys.push(`${lang}|${token}`);
    vocabulary.stems.push(stem);
    vocabulary.forms.push(form);
    const entry = vocabulary.byStem.get(stem) ?? { occurrences: 0, forms: new Map<string, number>() };
    entry.occurrences += Number(uses);
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + Number(uses));
    vocabulary.byStem.set(stem, entry);
  }
  return vocabulary;
}

/** The most common form; ties go to the shorter, then the first in code point order. */
function commonForm(forms: ReadonlyMap<string, number>): string {
  let best: [string, number] | null = null;
  for (const [form, uses] of forms) {
    if (
      best === null ||
      uses > best[1] ||
      (uses === best[1] &&
        (form.length < best[0].length || (form.length === best[0].length && form < best[0])))
    ) {
      best = [form, uses];
    }
  }
  return best?.[0] ?? '';
}

type PhraseRow = { phrase: string; form: string | null; occurrences: unknown; responses: unknown };

export async function topPhraseRows(replica: AnalyticsReplica, query: WidgetQuery): Promise<TopPhraseRow[]> {
  const options = topPhraseOptions(query.dataFilters);
  const selected = whereOf(query, 'comments', { alias: 'c' });
  if (!selected) throw new Error('the current period always has a WHERE clause');
  const sentiment = sentimentClause(options.sentiments);
  const where = `${selected.where} AND ${sentiment.where}`;
  const params = [...selected.params, ...sentiment.params];

  const [languages] = await replica.query<{ total: unknown; supported: unknown; unanalysed: unknown }>(
    `SELECT count(*) AS total,
       count(*) FILTER (WHERE ${LANGUAGE_SQL} IN ('tr', 'en')) AS supported,
       count(*) FILTER (WHERE c.language IS NULL OR trim(c.language) = '') AS unanalysed
     FROM comments c WHERE ${where}`,
    params,
  );
  const total = Number(languages?.total ?? 0);
  const supported = Number(languages?.supported ?? 0);
  const unanalysed = Number(languages?.unanalysed ?? 0);
  if (total === 0) return statusRow(TopPhraseStatus.NoData);
  if (supported === 0) {
    // Only other languages (or those and unanalysed comments): not supported; only unanalysed: no model read them.
    return statusRow(
      unanalysed === total ? TopPhraseStatus.ModelNotAvailable : TopPhraseStatus.LanguageNotSupported,
    );
  }

  // The counted comments: the selection's Turkish and English ones.
  const counted = `${where} AND ${LANGUAGE_SQL} IN ('tr', 'en')`;
  const comments = `SELECT c.answer_id AS id, ${LANGUAGE_SQL} AS lang,
      regexp_extract_all(c.text, '${TOKEN_PATTERN}') AS tokens
    FROM comments c WHERE ${counted}`;
  const tokens = await replica.query<{ lang: string; token: string; uses: unknown }>(
    `SELECT lang, token, count(*) AS uses FROM (SELECT lang, unnest(tokens) AS token FROM (${comments}))
     GROUP BY lang, token ORDER BY uses DESC, lang, token LIMIT ${TOP_PHRASE_VOCABULARY_MAX}`,
    params,
  );
  const vocabulary = stemVocabulary(tokens);
  if (vocabulary.keys.length === 0) return statusRow(TopPhraseStatus.NoData);
  const rows =
    options.phraseCount === 1
      ? await singleWords(replica, vocabulary, counted, params, options.limit)
      : await wordPairs(replica, vocabulary, comments, params, options.limit);
  if (rows.length === 0) return statusRow(TopPhraseStatus.NoData);
  return rows.map((row) => ({
    Category: row.form ?? row.phrase,
    Value: Number(row.occurrences),
    Responses: Number(row.responses),
    StatusCode: TopPhraseStatus.Ok,
  }));
}

/**
 * Single words: occurrences and forms from the vocabulary's counts; the comments containing a stem from
 * comments.search_terms (the same stems, one entry per comment), counted in DuckDB.
 */
function singleWords(
  replica: AnalyticsReplica,
  vocabulary: Vocabulary,
  counted: string,
  params: readonly SqlParam[],
  limit: number,
): Promise<PhraseRow[]> {
  const stems = [...vocabulary.byStem];
  return replica.query<PhraseRow>(
    `WITH stems AS (
       SELECT unnest(?::VARCHAR[]) AS phrase, unnest(?::INTEGER[]) AS occurrences, unnest(?::VARCHAR[]) AS form
     ),
     terms AS (
       SELECT term, count(*) AS responses FROM (SELECT unnest(c.search_terms) AS term FROM comments c WHERE ${counted})
       GROUP BY term
     )
     SELECT s.phrase, s.form, s.occurrences, t.responses FROM stems s JOIN terms t ON t.term = s.phrase
     ORDER BY s.occurrences DESC, t.responses DESC, s.phrase LIMIT ?`,
    [
      stems.map(([stem]) => stem),
      stems.map(([, entry]) => entry.occurrences),
      stems.map(([, entry]) => commonForm(entry.forms)),
      ...params,
      limit,
    ],
  );
}

/**
 * Two-word phrases: DuckDB re-reads the tokens with their positions, looks each up in the vocabulary and pairs
 * adjacent words of a comment (a token without a stem between them breaks the pair).
 */
function wordPairs(
  replica: AnalyticsReplica,
  vocabulary: Vocabulary,
  comments: string,
  params: readonly SqlParam[],
  limit: number,
): Promise<PhraseRow[]> {
  return replica.query<PhraseRow>(
    `WITH vocabulary AS (
       SELECT unnest(?::VARCHAR[]) AS key, unnest(?::VARCHAR[]) AS stem, unnest(?::VARCHAR[]) AS form
     ),
     tokens AS (
       SELECT id, lang, unnest(tokens) AS token, unnest(generate_series(1, len(tokens))) AS pos
       FROM (${comments})
     ),
     words AS (
       SELECT t.id, t.pos, v.stem, v.form FROM tokens t JOIN vocabulary v ON v.key = t.lang || '|' || t.token
     ),
     phrases AS (
       SELECT a.id, a.stem || ' ' || b.stem AS phrase, a.form || ' ' || b.form AS form
       FROM words a JOIN words b ON b.id = a.id AND b.pos = a.pos + 1
     ),
     top AS (
       SELECT phrase, count(*) AS occurrences, count(DISTINCT id) AS responses FROM phrases
       GROUP BY phrase ORDER BY occurrences DESC, responses DESC, phrase LIMIT ?
     ),
     forms AS (
       SELECT p.phrase, p.form, count(*) AS uses FROM phrases p JOIN top USING (phrase) GROUP BY p.phrase, p.form
     )
     SELECT top.phrase, top.occurrences, top.responses,
       (SELECT first(f.form ORDER BY f.uses DESC, length(f.form), f.form) FROM forms f WHERE f.phrase = top.phrase)
         AS form
     FROM top ORDER BY top.occurrences DESC, top.responses DESC, top.phrase`,
    [vocabulary.keys, vocabulary.stems, vocabulary.forms, ...params, limit],
  );
}
