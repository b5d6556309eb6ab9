/*
 * The catalogue arithmetic of the translations screen (docs/translations.md), kept apart from React and Vite so it
 * is unit-tested: flattening a locale file to `namespace.key` texts, a language's rows (English where the language
 * ships no text, marked) and its coverage.
 */

/** `namespace.key` (the key dotted) → text. */
type FlatTexts = ReadonlyMap<string, string>;

/** Adds the string leaves of a locale file (or part of one) under `prefix` (its namespace). */
export function flattenInto(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value)) flattenInto(inner, `${prefix}.${key}`, into);
  return into;
}

/** One key of the screen's table for a language. */
export type TranslationRow = {
  /** `namespace.key`, the table's row key. */
  id: string;
  namespace: string;
  key: string;
  /** The text the console ships in the language, or English's when it ships none there. */
  defaultText: string;
  /** True when `defaultText` is English's, the language having none of its own (i18next falls back to it). */
  fallback: boolean;
  /** The tenant's override, if any. */
  override: string | undefined;
};

const splitId = (id: string) => {
  const dot = id.indexOf('.');
  return { namespace: id.slice(0, dot), key: id.slice(dot + 1) };
};

/**
 * The rows of a language: every English key and every key of the language's own (an Arabic plural form), each
 * with its default text and the tenant's override, ordered by namespace and key.
 */
export function rowsOf(
  english: FlatTexts,
  own: FlatTexts | undefined,
  overrides: ReadonlyMap<string, string>,
): TranslationRow[] {
  const ids = new Set([...english.keys(), ...(own?.keys() ?? [])]);
  return [...ids].sort().map((id) => {
    const text = own?.get(id);
    return {
      id,
      ...splitId(id),
      defaultText: text ?? english.get(id) ?? '',
      fallback: text === undefined,
      override: overrides.get(id),
    };
  });
}

type Coverage = { covered: number; total: number; percent: number };

/**
 * How much of the interface a language has in its own words: the English keys (all keys) that the language ships
 * a text for or the tenant overrides, over all of them. Turkish, English and Arabic ship every key (100 %); the
 * other nine read English key by key and cover what their overrides give them.
 */
export function coverageOf(
  english: FlatTexts,
  own: FlatTexts | undefined,
  overrides: ReadonlySet<string> | ReadonlyMap<string, string>,
): Coverage {
  let covered = 0;
  for (const id of english.keys()) if (own?.has(id) || overrides.has(id)) covered += 1;
  const total = english.size;
  return { covered, total, percent: total === 0 ? 0 : Math.floor((covered / total) * 1000) / 10 };
}

/** Rows whose namespace, key, default text or override holds `search` (case-insensitive, trimmed). */
export function matching(rows: readonly TranslationRow[], search: string): readonly TranslationRow[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) =>
    [row.id, row.defaultText, row.override ?? ''].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
}
