import { describe, expect, it } from 'vitest';
import { filterChips, formatScoreRange, removeChip, summariseChip, truncate } from './chip-summary';

const more = (count: number) => `+${count} more`;

describe('chip summary', () => {
  it('names one or two values as they are', () => {
    expect(summariseChip({ labels: ['Ankara'], more })).toEqual({
      summary: 'Ankara',
      count: 1,
      all: ['Ankara'],
    });
    expect(summariseChip({ labels: ['Ankara', 'İzmir'], more }).summary).toBe('Ankara, İzmir');
  });

  it('names the first two and counts the rest', () => {
    const summary = summariseChip({ labels: ['Ankara', 'İzmir', 'Bursa', 'Adana'], more });
    expect(summary.summary).toBe('Ankara, İzmir +2 more');
    expect(summary.count).toBe(4);
    expect(summary.all).toEqual(['Ankara', 'İzmir', 'Bursa', 'Adana']);
  });

  it('cuts a summary over 30 characters with an ellipsis', () => {
    const summary = summariseChip({
      labels: ['Kadıköy Şubesi Müşteri Hizmetleri', 'Beşiktaş'],
      more,
    });
    expect(summary.summary).toBe('Kadıköy Şubesi Müşteri Hizmetl…');
    expect(Array.from(summary.summary)).toHaveLength(31);
    expect(summariseChip({ labels: ['x'.repeat(30)], more }).summary).toBe('x'.repeat(30));
  });

  it('does not split a character made of two code units', () => {
    expect(truncate('😀'.repeat(5), 3)).toBe('😀😀😀…');
    expect(truncate('ab  cd', 4)).toBe('ab…');
  });

  it('words score ranges', () => {
    expect(formatScoreRange({ min: 3, max: 8 })).toBe('3–8');
    expect(formatScoreRange({ min: 3, max: null })).toBe('≥ 3');
    expect(formatScoreRange({ min: null, max: 6 })).toBe('≤ 6');
  });
});

describe('chips of a filter', () => {
  it('makes one chip per filter set, in the panel order, with its values', () => {
    const chips = filterChips({
      TimeRange: ['2026-01-01', '2026-02-01'],
      SessionStatus: 0,
      ProductSet: { Ids: [5, 6] },
      TransactionTypeId: 2,
      Segments: [],
      UserDimensionFilters2: [
        { TopicModelId: 1, TopicIds: [10, 11] },
        { TopicModelId: 2, TopicIds: [20] },
      ],
      ScoreRange: { min: 2, max: 9 },
      RespondentType: 0,
    });
    expect(chips).toEqual([
      { key: 'TransactionTypeId', values: [2], removable: true },
      { key: 'RespondentType', values: [0], removable: true },
      { key: 'ProductSet', values: [5, 6], removable: true },
      { key: 'UserDimensionFilters2', values: [10, 11, 20], removable: true },
      { key: 'ScoreRange', values: [{ min: 2, max: 9 }], removable: true },
    ]);
  });

  it('makes restricted channel and product chips not removable', () => {
    const chips = filterChips(
      { ChannelSet: { Ids: [1] }, ProductSet: { Ids: [2] }, SurveyId: [3] },
      { channelIds: [1], productIds: [2], employeeIds: [4] },
    );
    expect(chips.map((chip) => [chip.key, chip.removable])).toEqual([
      ['ChannelSet', false],
      ['SurveyId', true],
      ['ProductSet', false],
    ]);
  });
});

describe('removing a chip', () => {
  it('clears its filter and keeps the rest', () => {
    const filter = {
      TimeRange: ['2026-01-01', '2026-02-01'] as [string, string],
      SurveyId: [1],
      JourneyStages: [2],
    };
    expect(removeChip(filter, 'JourneyStages')).toEqual({ TimeRange: filter.TimeRange, SurveyId: [1] });
  });

  it('clears the questions with their surveys', () => {
    expect(removeChip({ SurveyId: [1], QuestionId: [4], Source: 'survey' }, 'SurveyId')).toEqual({
      Source: 'survey',
    });
  });

  it('resets the score range', () => {
    expect(removeChip({ ScoreRange: { min: 1, max: 4 }, FreeTextFilter: 'late' }, 'ScoreRange')).toEqual({
      FreeTextFilter: 'late',
    });
  });
});
