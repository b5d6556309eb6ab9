/*
 * The address of a report page, reports/{slug} (reports spec §2): the title trimmed, lower-cased, accents folded,
 * separators and spaces turned into dashes and `&` into `-y-`. The server stores it in the report's Config.slug
 * on every save; the web replaces the address with it after a save. Both use this one function.
 */

/** Turkish letters, folded before lower-casing ('İ'.toLowerCase() would leave a combining dot behind). */
const TURKISH: Readonly<Record<string, string>> = {
  ç: 'c',
  Ç: 'c',
  ğ: 'g',
  Ğ: 'g',
  ı: 'i',
  I: 'i',
  İ: 'i',
  ö: 'o',
  Ö: 'o',
  ş: 's',
  Ş: 's',
  ü: 'u',
  Ü: 'u',
};

/** Latin letters that carry no combining mark, so decomposition cannot fold them. */
const UNDECOMPOSABLE: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
};

/** A `{{{namespace:path.key}}}` title (shown translated, reports spec §3), as in apps/web's display-title.ts. */
const KEY_TITLE = /^\s*\{\{\{\s*([^{}]+?)\s*\}\}\}\s*$/;

/**
 * The words of a translation-key title's last key segment (`{{{widgetCatalogue:widget.npsGauge}}}` → 'nps Gauge'):
 * the server cannot translate the key, and its path is no address to read (docs/reports.md). Undefined for a
 * plain title.
 */
function keyWords(title: string): string | undefined {
  const key = KEY_TITLE.exec(title)?.[1];
  if (key === undefined) return undefined;
  const last = key.split(/[:.]/).pop() ?? key;
  return last
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2');
}

/**
 * `reportSlug('Şube & Kanal Performansı')` → 'sube-y-kanal-performansi'. Letters of other scripts (Arabic, …) and
 * digits are kept; every other run of characters becomes one dash; no dash leads or trails. A title without any
 * letter or digit gives ''.
 */
export function reportSlug(title: string): string {
  return (keyWords(title) ?? title)
    .trim()
    .replace(/[çÇğĞıIİöÖşŞüÜ]/g, (letter) => TURKISH[letter] ?? letter)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþ]/g, (letter) => UNDECOMPOSABLE[letter] ?? letter)
    .replace(/&/g, '-y-')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
