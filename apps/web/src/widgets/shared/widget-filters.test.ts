import { describe, expect, it } from 'vitest';
import { appliedFilters, appliedFiltersSummary } from './widget-filters';

const more = (count: number) => `+${count} more`;

describe('appliedFilters', () => {
  it('lists the widget’s row filters first, then the report’s, without empty ones', () => {
    const applied = appliedFilters(
      {
        TimeColumn: 'TransactionDateId',
        NpsQuestionId: 12,
        CategoryType: 'MM',
        SurveyId: [3, 4],
        ExperienceId: 8,
        ChannelSet: { Ids: [] },
        SessionStatus: 0,
        OnlyFinishedSessions: true,
      },
      {
        TimeRange: ['2024-01-01', '2024-03-31'],
        TimePeriod: 'thisQuarter',
        ChannelSet: { Ids: [1, 2] },
        RespondentType: [0],
        OnlyFinishedSessions: true,
      },
    );
    expect(applied).toEqual([
      { key: 'SurveyId', origin: 'widget', values: [3, 4] },
      { key: 'ExperienceIds', origin: 'widget', values: [8] },
      { key: 'OnlyFinishedSessions', origin: 'widget', values: [] },
      { key: 'ChannelSet', origin: 'report', values: [1, 2] },
      { key: 'RespondentType', origin: 'report', values: [0] },
    ]);
  });

  it('finds none when only the date range and query settings are set', () => {
    expect(
      appliedFilters(
        { TimeColumn: 'AnsweredDateId', Deviate: true },
        { TimeRange: ['2024-01-01', '2024-01-31'] },
      ),
    ).toEqual([]);
  });
});

describe('appliedFiltersSummary', () => {
  const names = ['Surveys', 'Transaction channel', 'Respondent type', 'Products'];

  it('names the first two and counts the rest', () => {
    const summary = appliedFiltersSummary({ names, width: 6, more, separator: ', ' });
    expect(summary.count).toBe(4);
    expect(summary.summary).toBe('Surveys, Transaction channel +2 more');
    expect(summary.all).toEqual(names);
  });

  it('cuts at 40 characters on a width-2 card and at 55 otherwise', () => {
    const long = ['Data source surveys of the collector', 'Invitee location of the respondent'];
    const text = 'Data source surveys of the collector, Invitee location of the respondent';
    expect(appliedFiltersSummary({ names: long, width: 2, more, separator: ', ' }).summary).toBe(
      `${text.slice(0, 40).trimEnd()}…`,
    );
    expect(appliedFiltersSummary({ names: long, width: 3, more, separator: ', ' }).summary).toBe(
      `${text.slice(0, 55).trimEnd()}…`,
    );
    expect(appliedFiltersSummary({ names: ['Surveys'], width: 2, more, separator: ', ' }).summary).toBe(
      'Surveys',
    );
  });
});
