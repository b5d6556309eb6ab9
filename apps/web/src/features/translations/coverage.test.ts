import { describe, expect, it } from 'vitest';
import { coverageOf, flattenInto, matching, rowsOf } from './coverage';

const flat = (namespace: string, value: object) => flattenInto(value, namespace, new Map());

const english = flat('shell', {
  screens: { overview: 'Overview', surveys: 'Surveys' },
  rows_one: '{{count}} row',
  rows_other: '{{count}} rows',
});
const arabic = flat('shell', {
  screens: { overview: 'نظرة عامة', surveys: 'الاستبيانات' },
  rows_one: 'صف',
  rows_other: 'صفوف',
  rows_few: 'صفوف',
  rows_zero: 'لا صفوف',
});

describe('translation coverage', () => {
  it('flattens a locale file to namespace.key texts', () => {
    expect([...english.keys()]).toEqual([
      'shell.screens.overview',
      'shell.screens.surveys',
      'shell.rows_one',
      'shell.rows_other',
    ]);
  });

  it('counts a complete catalogue as 100 % whatever extra plural forms it has', () => {
    expect(coverageOf(english, english, new Set())).toEqual({ covered: 4, total: 4, percent: 100 });
    expect(coverageOf(english, arabic, new Set())).toEqual({ covered: 4, total: 4, percent: 100 });
  });

  it('counts a language without a catalogue by its overrides of English keys only', () => {
    expect(coverageOf(english, undefined, new Set())).toEqual({ covered: 0, total: 4, percent: 0 });
    const overrides = new Map([
      ['shell.screens.overview', 'Aperçu'],
      ['shell.rows_few', 'x'],
    ]);
    expect(coverageOf(english, undefined, overrides)).toEqual({ covered: 1, total: 4, percent: 25 });
    // A third is shown to one decimal, rounded down: never 100 % before it is complete.
    const three = flat('n', { a: 'A', b: 'B', c: 'C' });
    expect(coverageOf(three, undefined, new Set(['n.a'])).percent).toBe(33.3);
    expect(coverageOf(three, undefined, new Set(['n.a', 'n.b'])).percent).toBe(66.6);
  });

  it('lists English where the language ships nothing, marked, and the language’s own plural forms too', () => {
    const french = rowsOf(english, undefined, new Map([['shell.screens.overview', 'Aperçu']]));
    expect(french.find((row) => row.key === 'screens.overview')).toEqual({
      id: 'shell.screens.overview',
      namespace: 'shell',
      key: 'screens.overview',
      defaultText: 'Overview',
      fallback: true,
      override: 'Aperçu',
    });
    const rows = rowsOf(english, arabic, new Map());
    expect(rows.map((row) => row.key)).toContain('rows_few');
    expect(rows.every((row) => !row.fallback)).toBe(true);
  });

  it('searches keys, default texts and overrides', () => {
    const rows = rowsOf(english, undefined, new Map([['shell.screens.surveys', 'Enquêtes']]));
    expect(matching(rows, ' OVERVIEW ').map((row) => row.key)).toEqual(['screens.overview']);
    expect(matching(rows, 'enquê').map((row) => row.key)).toEqual(['screens.surveys']);
    expect(matching(rows, 'rows_').length).toBe(2);
    expect(matching(rows, '')).toBe(rows);
  });
});
