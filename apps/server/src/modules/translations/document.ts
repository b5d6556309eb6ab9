import { ErrorCode, TRANSLATION_LIMITS, hasNoControlCharacters } from '@loupe/contracts';
import { badRequest } from '../../errors.js';

/*
 * A language's override document (the `translations.value` JSON text bootstrap hands the console) and the flat
 * texts the API speaks of. The document is nested by namespace, `{ "shell": { "screens": { "overview": "Home" } } }`;
 * as the console reads it (docs/i18n.md), a top-level key that names no namespace belongs to `common`.
 */

/** `namespace.key` → text; a namespace has no dot, so the first segment is the namespace. */
export type Entries = Map<string, string>;

export const entryId = (namespace: string, key: string) => `${namespace}.${key}`;

export function splitId(id: string): { namespace: string; key: string } {
  const dot = id.indexOf('.');
  return { namespace: id.slice(0, dot), key: id.slice(dot + 1) };
}

type Leaf = { segments: string[]; value: unknown };

/** Every leaf of a JSON value with its path; a key holding dots (`"shell.screens.overview"`) is split on them. */
function leavesOf(value: unknown, segments: string[], into: Leaf[], max: number): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      leavesOf(inner, [...segments, ...key.split('.')], into, max);
    return;
  }
  into.push({ segments, value });
  if (into.length > max)
    throw badRequest(ErrorCode.TranslationImportInvalid, [{ Path: 'body/Translations' }]);
}

/** The namespace and dotted key of a leaf: a first segment naming a namespace (with more after it) is one. */
function placeOf(segments: string[], namespaces: ReadonlySet<string>): { namespace: string; key: string } {
  if (segments.length > 1 && namespaces.has(segments[0]!))
    return { namespace: segments[0]!, key: segments.slice(1).join('.') };
  return { namespace: 'common', key: segments.join('.') };
}

/** The texts of a stored document; what is not a text (a malformed document, a number) is left out. */
export function entriesOf(text: string, namespaces: ReadonlySet<string>): Entries {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new Map();
  }
  const leaves: Leaf[] = [];
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
  leavesOf(parsed, [], leaves, Number.MAX_SAFE_INTEGER);
  const entries: Entries = new Map();
  for (const { segments, value } of leaves) {
    if (typeof value !== 'string') continue;
    const { namespace, key } = placeOf(segments, namespaces);
    entries.set(entryId(namespace, key), value);
  }
  return entries;
}

/**
 * The texts of an imported document (nested, flat or both). Every leaf must be a text of at most 2000
 * characters without control characters, and there may be at most TRANSLATION_LIMITS.importMax of them (19402).
 */
export function importedEntries(document: Record<string, unknown>, namespaces: ReadonlySet<string>): Entries {
  const leaves: Leaf[] = [];
  leavesOf(document, [], leaves, TRANSLATION_LIMITS.importMax);
  const entries: Entries = new Map();
  for (const { segments, value } of leaves) {
    const Path = `body/Translations/${segments.join('/')}`;
    if (
      typeof value !== 'string' ||
      value.length > TRANSLATION_LIMITS.valueMax ||
      !hasNoControlCharacters(value, true)
    )
      throw badRequest(ErrorCode.TranslationImportInvalid, [{ Path }]);
    const { namespace, key } = placeOf(segments, namespaces);
    entries.set(entryId(namespace, key), value);
  }
  return entries;
}

/** The document of some texts, nested by namespace and key segments, keys sorted (a stable export). */
export function documentOf(entries: Entries): Record<string, unknown> {
  // No prototype: a segment is data, never `__proto__` of an object.
  const document = Object.create(null) as Record<string, unknown>;
  for (const id of [...entries.keys()].sort()) {
    const segments = id.split('.');
    let node = document;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else node = node[segment] = Object.create(null) as Record<string, unknown>;
    }
    node[segments.at(-1)!] = entries.get(id);
  }
  return document;
}
