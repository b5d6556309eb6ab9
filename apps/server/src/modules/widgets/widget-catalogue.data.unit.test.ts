import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIDGET_KINDS } from '@loupe/contracts';
import {
  SYSTEM_WIDGETS,
  SYSTEM_WIDGET_CATEGORIES,
  SYSTEM_WIDGET_TYPES,
  systemTitle,
} from './widget-catalogue.data.js';

type Catalogue = Record<string, Record<string, string>>;

/** The web's `widgetCatalogue` namespace in `language`, which translates the stored system names. */
const catalogue = (language: string): Catalogue =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../web/src/locales/${language}/widgetCatalogue.json`, import.meta.url),
      'utf8',
    ),
  ) as Catalogue;

/** The text a `{{{widgetCatalogue:section.key}}}` name shows in `language`. */
function shown(language: string, name: string): string | undefined {
  const match = /^\{\{\{widgetCatalogue:(\w+)\.(\w+)\}\}\}$/.exec(name);
  expect(match, name).not.toBeNull();
  return catalogue(language)[match![1]!]?.[match![2]!];
}

describe('the system catalogue data', () => {
  it('has 38 widgets with unique ids and keys, in the six categories, of the 19 kinds', () => {
    expect(SYSTEM_WIDGETS).toHaveLength(38);
    expect(new Set(SYSTEM_WIDGETS.map((widget) => widget.id)).size).toBe(38);
    expect(new Set(SYSTEM_WIDGETS.map((widget) => widget.key)).size).toBe(38);
    const categories = new Set(SYSTEM_WIDGET_CATEGORIES.map((category) => category.id));
    for (const widget of SYSTEM_WIDGETS) expect(categories.has(widget.categoryId), widget.key).toBe(true);
    expect(SYSTEM_WIDGET_TYPES.map((type) => type.kind)).toEqual([...WIDGET_KINDS]);
  });

  it.each(['en', 'tr'])('names and describes every system entry in %s', (language) => {
    const names = [
      ...SYSTEM_WIDGETS.flatMap((widget) => [
        systemTitle.widget(widget.key),
        systemTitle.widgetDescription(widget.key),
      ]),
      ...SYSTEM_WIDGET_CATEGORIES.map((category) => systemTitle.category(category.key)),
      ...SYSTEM_WIDGET_TYPES.map((type) => systemTitle.type(type.kind)),
    ];
    for (const name of names) expect(shown(language, name), name).toMatch(/\S/);
  });
});
