import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { analyzerBody, analyzerParams, analyzerStateOf } from './analyzer-filter';

const NOW = dayjs('2026-11-29T12:00:00');

describe('analyzer filter in the address', () => {
  it('reads the home link: its days on the answered date', () => {
    const state = analyzerStateOf(
      new URLSearchParams('from=2026-11-23&to=2026-11-29&timeColumn=AnsweredDateId'),
      NOW,
      0,
    );
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-11-23', '2026-11-29'],
      TimeColumn: 'AnsweredDateId',
    });
  });

  it('falls back to this year on the transaction date, and drops a filter that does not parse', () => {
    const state = analyzerStateOf(new URLSearchParams('from=2026-13-01&timeColumn=Nope&filter={x'), NOW, 0);
    expect(analyzerBody(state)).toEqual({
      TimeRange: ['2026-01-01', '2026-11-29'],
      TimeColumn: 'TransactionDateId',
    });
  });

  it('writes the panel filter and reads it back', () => {
    const state = analyzerStateOf(new URLSearchParams(), NOW, 0);
    const params = analyzerParams({ ...state, panel: { SurveyId: [3], ChannelSet: { Ids: [] } } });
    expect(params.get('filter')).toBe('{"SurveyId":[3]}');
    expect(analyzerStateOf(params, NOW, 0).panel).toEqual({ SurveyId: [3] });
    expect(analyzerParams(state).has('filter')).toBe(false);
  });
});
