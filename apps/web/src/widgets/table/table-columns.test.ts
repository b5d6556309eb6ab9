import { describe, expect, it } from 'vitest';
import {
  columnTitleKey,
  columnWidth,
  formatCell,
  isNarrowTable,
  rowKeyOf,
  wrapsText,
  type TableColumn,
} from './table-columns';

const column = (field: string, extra: Partial<TableColumn> = {}): TableColumn => ({
  Field: field,
  Title: `widgetTables:column.${field}`,
  Type: 'text',
  ...extra,
});
const respondentType = (type: number) => ['Promoter', 'Neutral', 'Detractor'][type] ?? '?';

describe('formatCell', () => {
  const en = { locale: 'en', respondentType };
  const tr = { locale: 'tr', respondentType };

  it('writes counts n0 and scores n1 in the language', () => {
    const responses = column('Responses', { Type: 'number', Format: 'n0' });
    const nps = column('Nps', { Type: 'number', Format: 'n1' });
    expect(formatCell(responses, 12345, en)).toBe('12,345');
    expect(formatCell(responses, 12345, tr)).toBe('12.345');
    expect(formatCell(nps, 100 / 3, en)).toBe('33.3');
    expect(formatCell(nps, 100 / 3, tr)).toBe('33,3');
    expect(formatCell(nps, -25, en)).toBe('-25.0');
  });

  it('writes an id as it is, without grouping', () => {
    expect(formatCell(column('SessionId', { Type: 'number' }), 1234567, en)).toBe('1234567');
  });

  it('writes the wall-clock date the server sends as DD/MM/YYYY HH:mm', () => {
    expect(formatCell(column('AnsweredDate', { Type: 'date' }), '2026-03-01T20:05:00', en)).toBe(
      '01/03/2026 20:05',
    );
  });

  it('words the respondent type and dashes what is missing', () => {
    const type = column('RespondentType');
    expect(formatCell(type, 0, en)).toBe('Promoter');
    expect(formatCell(type, 2, en)).toBe('Detractor');
    expect(formatCell(type, null, en)).toBe('–');
    expect(formatCell(column('Comment'), '', en)).toBe('–');
    expect(formatCell(column('Comment'), 'Harika', en)).toBe('Harika');
  });
});

describe('layout', () => {
  it('hints below full width (6)', () => {
    expect([2, 3, 4, 5, 6].map(isNarrowTable)).toEqual([true, true, true, true, false]);
  });

  it('sizes the columns of a one-line table and leaves a wrapping one to the browser', () => {
    expect(columnWidth(column('Comment'), false)).toBe(260);
    expect(columnWidth(column('AnsweredDate', { Type: 'date' }), false)).toBe(140);
    expect(columnWidth(column('Nps', { Type: 'number' }), false)).toBe(110);
    expect(columnWidth(column('Comment'), true)).toBeUndefined();
  });

  it('wraps text at full width with at most 8 columns', () => {
    expect(wrapsText(6, 8)).toBe(true);
    expect(wrapsText(6, 9)).toBe(false);
    expect(wrapsText(3, 7)).toBe(false);
  });
});

describe('keys', () => {
  it('reads the header key of the server title', () => {
    expect(columnTitleKey(column('Nps'))).toBe('column.Nps');
    expect(columnTitleKey({ ...column('Nps'), Title: 'column.Nps' })).toBe('column.Nps');
    expect(columnTitleKey({ ...column('Nps'), Title: 'other:thing' })).toBe('column.Nps');
  });

  it('keys rows by session or channel id', () => {
    expect(rowKeyOf({ SessionId: 42 }, 0)).toBe('42');
    expect(rowKeyOf({ ChannelId: 7, Channel: 'North' }, 1)).toBe('7');
    expect(rowKeyOf({ Channel: 'North' }, 3)).toBe('row-3');
  });
});
