import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ERROR_MESSAGES,
  LOGIN_ERROR_MESSAGES,
  type LanguageCode,
  type MessageLanguage,
} from '@loupe/contracts';

/*
 * The catalogue the console ships (docs/translations.md): the web's locale files, apps/web/src/locales/<language>/
 * <namespace>.json, read once when first needed, and the common namespace's error texts (`errorCodes.*`,
 * `loginErrors.*`) from the contracts catalogue, as the web adds them (docs/i18n.md). The server checks override
 * keys against it. The path is the same from src/ (tests, tsx) and dist/ (npm start): both sit two folders below
 * apps/server, so apps/web/src/locales is found from either.
 */

const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../../../web/src/locales', import.meta.url));

/** `namespace.key` (the key dotted) → text. */
type Texts = Map<string, string>;

export type ShippedCatalogue = {
  /** The namespaces, one per locale file. */
  namespaces: ReadonlySet<string>;
  /** The shipped texts of the languages that have a catalogue (Turkish, English, Arabic). */
  texts: ReadonlyMap<string, Texts>;
  /** True when the console ships `namespace.key` in English or in `language` itself (e.g. an Arabic plural form). */
  has(language: LanguageCode, namespace: string, key: string): boolean;
};

function flatten(value: unknown, prefix: string, into: Texts): void {
  if (typeof value === 'string') {
    into.set(prefix, value);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) flatten(inner, `${prefix}.${key}`, into);
}

function errorTexts(language: MessageLanguage, into: Texts): void {
  for (const [code, texts] of Object.entries(ERROR_MESSAGES))
    into.set(`common.errorCodes.${code}`, texts[language]);
  for (const [error, texts] of Object.entries(LOGIN_ERROR_MESSAGES))
    into.set(`common.loginErrors.${error}`, texts[language]);
}

const ERROR_TEXT_LANGUAGES: readonly string[] = ['en', 'tr', 'ar'] satisfies MessageLanguage[];

function loadCatalogue(dir: string = DEFAULT_LOCALES_DIR): ShippedCatalogue {
  const namespaces = new Set<string>();
  const texts = new Map<string, Texts>();
  for (const language of readdirSync(dir, { withFileTypes: true })) {
    if (!language.isDirectory()) continue;
    const into: Texts = new Map();
    for (const file of readdirSync(path.join(dir, language.name))) {
      if (!file.endsWith('.json')) continue;
      const namespace = file.slice(0, -'.json'.length);
      namespaces.add(namespace);
      flatten(JSON.parse(readFileSync(path.join(dir, language.name, file), 'utf8')), namespace, into);
    }
    if (ERROR_TEXT_LANGUAGES.includes(language.name)) errorTexts(language.name as MessageLanguage, into);
    texts.set(language.name, into);
  }
  if (!texts.has('en')) throw new Error(`No English catalogue in ${dir}`);
  return {
    namespaces,
    texts,
    has(language, namespace, key) {
      const id = `${namespace}.${key}`;
      return texts.get('en')!.has(id) || (texts.get(language)?.has(id) ?? false);
    },
  };
}

let shipped: ShippedCatalogue | undefined;

/** The shipped catalogue, read on first use. */
export function shippedCatalogue(): ShippedCatalogue {
  shipped ??= loadCatalogue();
  return shipped;
}
