import { z } from 'zod';
import {
  sentimentScoreSchema,
  TOP_PHRASE_LIMIT_MAX,
  TopPhraseStatus,
  type TopPhraseRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import { invalidValue } from '../../../errors.js';
import { whereOf, type WidgetQuery } from '../shared/widget-query.js';

/*
 * Top phrases (`top-phrases`, ExperiencePerformanceChart; docs/metrics.md "Top phrases"). The selection's
 * Turkish and English comments (their own text) are cut into words the way text-terms.ts does for search terms:
 * letters/marks/digits with an apostrophe suffix dropped, lower-cased in the comment's language, stop words out,
 * each word reduced to its Snowball stem. A phrase is a stem (PhraseCount 1) or the stems of two adjacent words
 * (PhraseCount 2; a stop word, a number or a punctuation mark between them breaks the pair). Responses = the
 * comments that contain it, Value = its occurrences; the most mentioned (Value, the bars the chart draws, then
 * Responses, then the stem) come first, Limit of them, each shown in its most common lower-cased surface form.
 *
 * How: the sync cut every comment once (analytics/phrase-words.ts) into its (stem, form) entries with their uses
 * in the comment, the first entry of each stem marked; a request only unnests the selection's entries and adds
 * them up in DuckDB: occurrences are the sum of uses, responses the count of first entries.
 */

/** Phrases shown when dataFilters.Limit is absent (the catalogue's default). */
const TOP_PHRASE_DEFAULT_LIMIT = 20;
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

type PhraseRow = { phrase: string; form: string; occurrences: unknown; responses: unknown };

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

  // Other languages' comments have no entries; the most common form wins, ties to the shorter, then the first.
  const column = options.phraseCount === 1 ? 'phrase_words' : 'phrase_pairs';
  const rows = await replica.query<PhraseRow>(
    `WITH entries AS (SELECT unnest(c.${column}) AS e FROM comments c WHERE ${where}),
     forms AS (
       SELECT e.stem AS phrase, e.form AS form, sum(e.uses) AS uses, count(*) FILTER (WHERE e.first) AS responses
       FROM entries GROUP BY e.stem, e.form
     )
     SELECT phrase, sum(uses) AS occurrences, sum(responses) AS responses,
       first(form ORDER BY uses DESC, length(form), form) AS form
     FROM forms GROUP BY phrase
     ORDER BY occurrences DESC, responses DESC, phrase LIMIT ?`,
    [...params, options.limit],
  );
  if (rows.length === 0) return statusRow(TopPhraseStatus.NoData);
  return rows.map((row) => ({
    Category: row.form,
    Value: Number(row.occurrences),
    Responses: Number(row.responses),
    StatusCode: TopPhraseStatus.Ok,
  }));
}
