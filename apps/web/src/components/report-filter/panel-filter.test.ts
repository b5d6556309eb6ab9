import type { ReportFilter } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  AI_FILTER_KEYS,
  BASE_FILTER_KEYS,
  applyPanelFilter,
  clearPanelFilter,
  countSetFilters,
  loadSavedFilter,
  offeredFilterKeys,
  restrictedFilterKeys,
  savedFilterPart,
  validateFilter,
} from './panel-filter';

const allOffered = offeredFilterKeys({ aiModuleActive: true });
const timeRange: ReportFilter['TimeRange'] = ['2026-01-01', '2026-11-21'];

describe('offered filters', () => {
  it('offers the 13 base filters, and the 6 text-analytics ones only with the AI module', () => {
    expect(offeredFilterKeys({ aiModuleActive: false })).toEqual([...BASE_FILTER_KEYS]);
    expect(offeredFilterKeys({ aiModuleActive: false })).toHaveLength(13);
    expect(allOffered).toEqual([...BASE_FILTER_KEYS, ...AI_FILTER_KEYS]);
    expect(allOffered).toHaveLength(19);
  });

  it('leaves out the keys the report hides', () => {
    const offered = offeredFilterKeys({ aiModuleActive: true, hidden: ['SurveyId', 'ScoreRange'] });
    expect(offered).toHaveLength(17);
    expect(offered).not.toContain('SurveyId');
    expect(offered).not.toContain('ScoreRange');
  });
});

describe('the "N of M" count', () => {
  it('counts the offered filters holding a value, not empty ones nor SessionStatus 0', () => {
    const filter: ReportFilter = {
      TimeRange: timeRange,
      ChannelSet: { Ids: [3] },
      ProductSet: { Ids: [] },
      Segments: [],
      SessionStatus: 0,
      RespondentType: 0,
      ScoreRange: { min: null, max: null },
      SentimentFilter: [0],
    };
    // ChannelSet, RespondentType (0 = promoter is a value), SentimentFilter (0 = negative).
    expect(countSetFilters(filter, allOffered)).toBe(3);
    expect(countSetFilters(filter, offeredFilterKeys({ aiModuleActive: false }))).toBe(2);
    expect(countSetFilters({ ...filter, SessionStatus: 2 }, allOffered)).toBe(4);
  });

  it('does not count a hidden filter', () => {
    const offered = offeredFilterKeys({ aiModuleActive: false, hidden: ['ChannelSet'] });
    expect(countSetFilters({ ChannelSet: { Ids: [3] } }, offered)).toBe(0);
  });
});

describe('Clear', () => {
  it('empties the offered filters and keeps the date range', () => {
    const cleared = clearPanelFilter({
      filter: { TimeRange: timeRange, TimePeriod: 'thisYear', SurveyId: [1], FreeTextFilter: 'late' },
      offered: allOffered,
    });
    expect(cleared).toEqual({ TimeRange: timeRange, TimePeriod: 'thisYear' });
  });

  it('keeps the restricted channel and product filters and the hidden ones', () => {
    const offered = offeredFilterKeys({ aiModuleActive: false, hidden: ['Segments'] });
    const cleared = clearPanelFilter({
      filter: {
        ChannelSet: { Ids: [4] },
        ProductSet: { Ids: [7] },
        ChannelLocationSet: { Ids: [2] },
        Segments: ['1;2'],
      },
      offered,
      restrictions: { channelIds: [4, 5], productIds: [7], employeeIds: [9] },
    });
    expect(cleared).toEqual({ ChannelSet: { Ids: [4] }, ProductSet: { Ids: [7] }, Segments: ['1;2'] });
  });

  it('has no employee filter to keep', () => {
    expect(restrictedFilterKeys({ employeeIds: [1] })).toEqual([]);
    expect(restrictedFilterKeys({ channelIds: [], productIds: [2] })).toEqual(['ProductSet']);
  });
});

describe('validation', () => {
  it('refuses a score range whose minimum is above its maximum', () => {
    expect(validateFilter({ ScoreRange: { min: 8, max: 3 } })).toEqual({
      ScoreRange: 'errors.scoreRangeOrder',
    });
    expect(validateFilter({ ScoreRange: { min: 3, max: 3 } })).toEqual({});
    expect(validateFilter({ ScoreRange: { min: 3, max: null } })).toEqual({});
  });

  it('refuses questions without a survey', () => {
    expect(validateFilter({ QuestionId: [5] })).toEqual({ QuestionId: 'errors.questionNeedsSurvey' });
    expect(validateFilter({ QuestionId: [5], SurveyId: [] })).toEqual({
      QuestionId: 'errors.questionNeedsSurvey',
    });
    expect(validateFilter({ QuestionId: [5], SurveyId: [1] })).toEqual({});
  });

  it('refuses a free text over 500 characters and values outside the contract', () => {
    expect(validateFilter({ FreeTextFilter: 'x'.repeat(501) }).FreeTextFilter).toBe('errors.freeTextTooLong');
    expect(validateFilter({ Segments: ['not-a-segment'] })).toEqual({ Segments: 'errors.invalid' });
  });
});

describe('Apply', () => {
  it('emits the normalised filter: empty values dropped, SessionStatus 0 not sent, text trimmed', () => {
    const result = applyPanelFilter({
      draft: {
        TimeRange: timeRange,
        SessionStatus: 0,
        Segments: [],
        ChannelSet: { Ids: [] },
        JourneyStages: [2],
        FreeTextFilter: '  slow queue ',
      },
      offered: allOffered,
    });
    expect(result).toEqual({
      ok: true,
      filter: { TimeRange: timeRange, JourneyStages: [2], FreeTextFilter: 'slow queue' },
    });
  });

  it('validates first and emits nothing when a field is wrong', () => {
    const result = applyPanelFilter({ draft: { ScoreRange: { min: 9, max: 2 } }, offered: allOffered });
    expect(result).toEqual({ ok: false, problems: { ScoreRange: 'errors.scoreRangeOrder' } });
  });

  it('drops the advanced filters when a text-analytics filter is set, except restricted ones', () => {
    const result = applyPanelFilter({
      draft: {
        SentimentFilter: [4],
        SurveyId: [1],
        QuestionId: [2],
        TransactionTypeId: [3],
        Segments: ['1;1'],
        ChannelSet: { Ids: [8] },
        ProductSet: { Ids: [9] },
        JourneyStages: [4],
      },
      offered: allOffered,
      restrictions: { channelIds: [8] },
    });
    expect(result).toEqual({
      ok: true,
      filter: { SentimentFilter: [4], ChannelSet: { Ids: [8] }, JourneyStages: [4] },
    });
  });

  it('keeps the advanced filters when the AI module is off, whatever the draft holds', () => {
    const result = applyPanelFilter({
      draft: { SentimentFilter: [4], SurveyId: [1] },
      offered: offeredFilterKeys({ aiModuleActive: false }),
    });
    expect(result).toEqual({ ok: true, filter: { SentimentFilter: [4], SurveyId: [1] } });
  });
});

describe('saved user filters', () => {
  it('saves the offered filters with a value, without the date range', () => {
    const part = savedFilterPart(
      {
        TimeRange: timeRange,
        SurveyId: [1],
        Segments: [],
        SessionStatus: 0,
        ScoreRange: { min: 2, max: null },
      },
      allOffered,
    );
    expect(part).toEqual({ SurveyId: [1], ScoreRange: { min: 2, max: null } });
  });

  it('loads a saved filter over the draft, keeping the date range and restricted filters', () => {
    const loaded = loadSavedFilter({
      draft: { TimeRange: timeRange, ChannelSet: { Ids: [4] }, SurveyId: [1], Segments: ['1;2'] },
      config: JSON.stringify({ ChannelSet: { Ids: [99] }, SurveyId: [3], SessionStatus: 1 }),
      offered: allOffered,
      restrictions: { channelIds: [4] },
    });
    expect(loaded).toEqual({
      TimeRange: timeRange,
      ChannelSet: { Ids: [4] },
      SurveyId: [3],
      SessionStatus: 1,
    });
  });

  it('refuses a saved Config that is not a report filter', () => {
    const load = (config: string) => loadSavedFilter({ draft: {}, config, offered: allOffered });
    expect(load('{not json')).toBeUndefined();
    expect(load(JSON.stringify({ SessionStatus: 7 }))).toBeUndefined();
  });
});
