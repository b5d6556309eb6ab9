import { LANGUAGES } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, unknown>;

const files = import.meta.glob<Catalogue>('./*/*.json', { eager: true, import: 'default' });

function catalogue(language: string, namespace: string): Catalogue | undefined {
  return files[`./${language}/${namespace}.json`];
}

function namespacesOf(language: string): string[] {
  return Object.keys(files)
    .filter((file) => file.startsWith(`./${language}/`))
    .map((file) => file.slice(language.length + 3, -'.json'.length))
    .sort();
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaf(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

// Plural forms differ by language (Arabic has six); compare the keys without them.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (value: unknown) => new Set(keys(value).map((key) => key.replace(PLURAL_SUFFIX, '')));

function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]!).sort();
}

describe('locales', () => {
  it('Turkish and English have the same namespaces', () => {
    expect(namespacesOf('tr')).toEqual(namespacesOf('en'));
  });

  it.each(namespacesOf('en'))('Turkish and English have the same keys in %s', (namespace) => {
    expect(keys(catalogue('tr', namespace)).sort()).toEqual(keys(catalogue('en', namespace)).sort());
  });

  it.each(namespacesOf('en'))('Turkish and English use the same placeholders in %s', (namespace) => {
    const tr = catalogue('tr', namespace);
    const en = catalogue('en', namespace);
    for (const key of keys(en)) {
      expect(placeholders(leaf(tr, key)), `${namespace}:${key}`).toEqual(placeholders(leaf(en, key)));
    }
  });

  it('Arabic has every namespace and key English has, each plural in its six forms', () => {
    expect(namespacesOf('ar')).toEqual(namespacesOf('en'));
    const arabicForms = ['zero', 'one', 'two', 'few', 'many', 'other'];
    for (const namespace of namespacesOf('en')) {
      const arabic = new Set(keys(catalogue('ar', namespace)));
      for (const key of keys(catalogue('en', namespace))) {
        const plural = PLURAL_SUFFIX.exec(key);
        const wanted = plural ? arabicForms.map((form) => key.replace(PLURAL_SUFFIX, `_${form}`)) : [key];
        for (const form of wanted) expect(arabic.has(form), `ar/${namespace}: ${form}`).toBe(true);
      }
    }
  });

  it('other languages hold only keys English has, since English fills the rest', () => {
    const others = LANGUAGES.map((language) => language.code).filter(
      (code) => code !== 'tr' && code !== 'en',
    );
    for (const language of others) {
      for (const namespace of namespacesOf(language)) {
        const english = baseKeys(catalogue('en', namespace));
        for (const key of baseKeys(catalogue(language, namespace))) {
          expect(english.has(key), `${language}/${namespace}: ${key}`).toBe(true);
        }
      }
    }
  });

  it('only the spec languages have catalogues', () => {
    const codes = new Set<string>(LANGUAGES.map((language) => language.code));
    for (const file of Object.keys(files)) expect(codes.has(file.split('/')[1]!), file).toBe(true);
  });

  it('hold no error texts: the contracts catalogue is their one source (lib/error-texts.ts)', () => {
    for (const [file, catalogue] of Object.entries(files)) {
      expect(catalogue, file).not.toHaveProperty('errorCodes');
      expect(catalogue, file).not.toHaveProperty('loginErrors');
    }
  });
});
