/*
 * Report and widget titles (reports spec §3): a title wrapped in triple braces, `{{{reports.npsOverview}}}`, is a
 * translation key, shown in the interface language; any other title is shown as written.
 */

const KEY_TITLE = /^\s*\{\{\{\s*([^{}]+?)\s*\}\}\}\s*$/;

/** The translation key of a `{{{key}}}` title; undefined for a plain title. */
export function titleKey(title: string): string | undefined {
  return KEY_TITLE.exec(title)?.[1];
}

/** The title to show: a key title translated by `translate` (which falls back to the key), else the title. */
export function displayTitle(title: string, translate: (key: string) => string): string {
  const key = titleKey(title);
  return key === undefined ? title : translate(key);
}
