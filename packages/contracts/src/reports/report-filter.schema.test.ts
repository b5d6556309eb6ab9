import { describe, expect, it } from 'vitest';
import {
  clearFilterKeys,
  normaliseFilter,
  reportFilterSchema,
  widgetDataFiltersSchema,
  type ReportFilter,
} from './report-filter.schema.js';

describe('normaliseFilter', () => {
  it('drops empty values: null, blank text, empty lists, empty sets, null score bounds', () => {
    const filter: ReportFilter = {
      TimeRange: ['2024-01-01', '2024-01-31'],
      ChannelSet: { Ids: [] },
      ProductSet: { Ids: [5] },
      Segments: [],
      SurveyId: null,
      FreeTextFilter: '   ',
      ScoreRange: { min: null, max: null },
      UserDimensionFilters2: [{ TopicModelId: 3, TopicIds: [] }],
      Source: ['', 'survey'],
    };
    expect(normaliseFilter(filter)).toEqual({
      TimeRange: ['2024-01-01', '2024-01-31'],
      ProductSet: { Ids: [5] },
      Source: ['survey'],
    });
  });

  it('treats SessionStatus 0 as not set and keeps 1 and 2', () => {
    expect(normaliseFilter({ SessionStatus: 0 })).toEqual({});
    expect(normaliseFilter({ SessionStatus: 2 })).toEqual({ SessionStatus: 2 });
  });

  it('keeps zero and false, which are values (negative sentiment, promoters, a 0 score bound)', () => {
    const filter: ReportFilter = {
      SentimentFilter: [0],
      RespondentType: [0],
      ScoreRange: { min: 0, max: null },
      OnlyFinishedSessions: false,
    };
    expect(normaliseFilter(filter)).toEqual(filter);
  });

  it('keeps topic filters that name topics and drops only the empty ones', () => {
    expect(
      normaliseFilter({
        UserDimensionFilters2: [
          { TopicModelId: 1, TopicIds: [7] },
          { TopicModelId: 2, TopicIds: [] },
        ],
      }),
    ).toEqual({ UserDimensionFilters2: [{ TopicModelId: 1, TopicIds: [7] }] });
  });

  it('keeps the other dataFilters keys as they are', () => {
    const dataFilters = { TimeColumn: 'AnsweredDateId', TopNCount: 0, JourneyConfigs: [{ SurveyId: 1 }] };
    expect(normaliseFilter(dataFilters)).toEqual(dataFilters);
  });

  it('returns a new object and leaves the input alone; normalising twice changes nothing', () => {
    const filter: ReportFilter = { Segments: [], SessionStatus: 0, FreeTextFilter: 'şube' };
    const copy = structuredClone(filter);
    const once = normaliseFilter(filter);
    expect(filter).toEqual(copy);
    expect(normaliseFilter(once)).toEqual(once);
  });
});

describe('clearFilterKeys', () => {
  it("deletes a chip's group of keys and normalises the rest", () => {
    const filter: ReportFilter = {
      SentimentFilter: [4],
      UserDimensionFilters2: [{ TopicModelId: 1, TopicIds: [7] }],
      ChannelSet: { Ids: [3] },
      Segments: [],
    };
    expect(clearFilterKeys(filter, ['SentimentFilter', 'UserDimensionFilters2'])).toEqual({
      ChannelSet: { Ids: [3] },
    });
  });
});

describe('reportFilterSchema', () => {
  it('accepts every filter property in its spec shape', () => {
    const filter = {
      TimeRange: ['2024-01-01', '2024-12-31T00:00:00'],
      TimePeriod: 'thisYear',
      ChannelSet: { Ids: [1, 2] },
      ProductSet: { Ids: [3] },
      ChannelLocationSet: { Ids: [4] },
      InviteeLocationSet: { Ids: [5] },
      TransactionTypeId: [6],
      Segments: ['1;501', '2;602'],
      RespondentType: [0, 2],
      JourneyStages: [7],
      ExperienceIds: [101],
      DataSourceSurveyIds: [8],
      SurveyId: 9,
      QuestionId: [10],
      SessionStatus: 1,
      OnlyFinishedSessions: true,
      ScoreRange: { min: 7, max: null },
      SentimentFilter: [4, -1],
      EmotionDimensionFilters: [11],
      UserDimensionFilters2: [{ TopicModelId: 12, TopicIds: [13] }],
      Source: ['survey'],
      FreeTextFilter: 'şube',
    };
    expect(reportFilterSchema.parse(filter)).toEqual(filter);
  });

  it.each([
    ['a segment that is not groupId;id', { Segments: ['501'] }],
    ['a range that ends before it starts', { TimeRange: ['2024-02-01', '2024-01-01'] }],
    ['a date that does not exist', { TimeRange: ['2024-02-30', '2024-03-01'] }],
    ['a sentiment score outside 4, 2, 0, -1', { SentimentFilter: [3] }],
    ['a respondent type outside 0..2', { RespondentType: [3] }],
    ['a score bound above 10', { ScoreRange: { min: null, max: 11 } }],
    ['a min above the max', { ScoreRange: { min: 8, max: 6 } }],
  ])('rejects %s', (_name, filter) => {
    expect(reportFilterSchema.safeParse(filter).success).toBe(false);
  });
});

describe('widgetDataFiltersSchema', () => {
  it('reads the time column and keeps the keys it does not know', () => {
    const dataFilters = widgetDataFiltersSchema.parse({
      TimeColumn: 'InvitedDateId',
      SurveyId: [1],
      TopNCount: 5,
      MultipleSurveySet: [{ SurveyFlowId: 2, NpsQuestionId: 3 }],
    });
    expect(dataFilters).toEqual({
      TimeColumn: 'InvitedDateId',
      SurveyId: [1],
      TopNCount: 5,
      MultipleSurveySet: [{ SurveyFlowId: 2, NpsQuestionId: 3 }],
    });
  });

  it('rejects an unknown time column', () => {
    expect(widgetDataFiltersSchema.safeParse({ TimeColumn: 'ClosedDateId' }).success).toBe(false);
  });
});
