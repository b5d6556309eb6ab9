import { parseJsonObject } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  generalSettingsOf,
  isScopedReport,
  mistypedConfigKey,
  parseReportConfig,
  stringifyReportConfig,
  withGeneralSettings,
  withReportIdentity,
  type ReportGeneralSettings,
} from './report-config';

const noFilters = {
  ChannelSet: [],
  ProductSet: [],
  ChannelLocationSet: [],
  InviteeLocationSet: [],
  TransactionTypeId: [],
  Segments: [],
};

const off: ReportGeneralSettings = {
  scopedData: false,
  scopedDataForEmployee: false,
  hasAdvancedFilter: false,
  advancedFilters: [],
  textAnalyticsFilter2Visible: false,
  filters: noFilters,
};

describe('parseReportConfig', () => {
  it('reads a JSON object', () => {
    expect(parseReportConfig('{"scopedData":true,"custom":{"a":1}}')).toEqual({
      scopedData: true,
      custom: { a: 1 },
    });
  });

  it.each([
    ['empty text', ''],
    ['blank text', '   '],
    ['null', null],
    ['undefined', undefined],
    ['bad JSON', '{"scopedData": tru'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['a string', '"text"'],
    ['JSON null', 'null'],
  ])('reads %s as an empty config', (_name, text) => {
    expect(parseReportConfig(text)).toEqual({});
  });

  it('tells an invalid JSON tab text apart from an empty object', () => {
    expect(parseJsonObject('{}')).toEqual({});
    expect(parseJsonObject('{')).toBeUndefined();
    expect(parseJsonObject('[]')).toBeUndefined();
  });
});

describe('generalSettingsOf', () => {
  it('reads the toggles, advanced filters and fixed filters', () => {
    const config = parseReportConfig(
      JSON.stringify({
        scopedData: true,
        scopedDataForEmployee: true,
        hasAdvancedFilter: true,
        advancedFilters: ['segment', 'survey', 'unknownFilter'],
        textAnalyticsFilter2Visible: true,
        filters: {
          ChannelSet: { Ids: [3, 4] },
          ProductSet: { Ids: [7] },
          ChannelLocationSet: { Ids: [] },
          InviteeLocationSet: { Ids: [34] },
          TransactionTypeId: 2,
          Segments: ['1;5', '2;9'],
        },
      }),
    );
    expect(generalSettingsOf(config)).toEqual({
      scopedData: true,
      scopedDataForEmployee: true,
      hasAdvancedFilter: true,
      // In the dialog's order; names it does not know are not shown as checkboxes.
      advancedFilters: ['survey', 'segment'],
      textAnalyticsFilter2Visible: true,
      filters: {
        ChannelSet: [3, 4],
        ProductSet: [7],
        ChannelLocationSet: [],
        InviteeLocationSet: [34],
        TransactionTypeId: [2],
        Segments: ['1;5', '2;9'],
      },
    });
  });

  it('reads absent or mistyped values as off and empty', () => {
    const config = {
      scopedData: 'yes',
      hasAdvancedFilter: 1,
      advancedFilters: 'survey',
      filters: { ChannelSet: 'all', ProductSet: { Ids: ['7', 8.5, 9] }, Segments: ['1-5', 3, '4;2'] },
    };
    expect(generalSettingsOf(config)).toEqual({
      ...off,
      filters: { ...noFilters, ProductSet: [9], Segments: ['4;2'] },
    });
    expect(generalSettingsOf({})).toEqual(off);
  });
});

describe('withGeneralSettings', () => {
  it('writes toggles on and removes those turned off', () => {
    const config = { scopedData: true, hasAdvancedFilter: true, textAnalyticsFilter2Visible: false };
    expect(
      withGeneralSettings(config, { ...off, scopedDataForEmployee: true, textAnalyticsFilter2Visible: true }),
    ).toEqual({ scopedDataForEmployee: true, textAnalyticsFilter2Visible: true });
  });

  it('keeps unknown keys, unknown advanced filters and other filters', () => {
    const config = {
      title: 'Branches',
      widgetsLayout: { dense: true },
      advancedFilters: ['question', 'legacyFilter'],
      filters: { TimePeriod: 'thisYear', RespondentType: [0], ChannelSet: { Ids: [1], Level: 2 } },
    };
    const next = withGeneralSettings(config, {
      ...off,
      hasAdvancedFilter: true,
      advancedFilters: ['transactionType', 'survey'],
      filters: { ...noFilters, ChannelSet: [5, 6], Segments: ['3;4'] },
    });
    expect(next).toEqual({
      title: 'Branches',
      widgetsLayout: { dense: true },
      hasAdvancedFilter: true,
      advancedFilters: ['survey', 'transactionType', 'legacyFilter'],
      filters: {
        TimePeriod: 'thisYear',
        RespondentType: [0],
        ChannelSet: { Ids: [5, 6], Level: 2 },
        Segments: ['3;4'],
      },
    });
    // The input is not changed.
    expect(config.filters.ChannelSet).toEqual({ Ids: [1], Level: 2 });
  });

  it('removes cleared filters, and the filters key when nothing is left', () => {
    const config = { filters: { ChannelSet: { Ids: [1] }, TransactionTypeId: [2], Segments: ['1;1'] } };
    expect(withGeneralSettings(config, off)).toEqual({});
  });

  it('round-trips what it reads', () => {
    const config = {
      scopedData: true,
      advancedFilters: ['channel', 'product'],
      hasAdvancedFilter: true,
      filters: { ProductSet: { Ids: [2] }, TransactionTypeId: [1, 3] },
      extra: [1, 2],
    };
    expect(withGeneralSettings(config, generalSettingsOf(config))).toEqual(config);
  });
});

describe('mistypedConfigKey', () => {
  it('accepts what the General tab writes, and unknown keys', () => {
    const config = withGeneralSettings(
      { anything: [1, 'two'] },
      {
        ...off,
        scopedData: true,
        advancedFilters: ['survey'],
        filters: { ...noFilters, ChannelSet: [1], TransactionTypeId: [2], Segments: ['1;2'] },
      },
    );
    expect(mistypedConfigKey(config)).toBeUndefined();
    expect(mistypedConfigKey({})).toBeUndefined();
  });

  it('names the first key the server would refuse', () => {
    expect(mistypedConfigKey({ scopedData: 'yes' })).toBe('scopedData');
    expect(mistypedConfigKey({ filters: { Segments: ['1-2'] } })).toBe('filters.Segments.0');
    expect(mistypedConfigKey({ advancedFilters: 'survey' })).toBe('advancedFilters');
  });
});

describe('isScopedReport', () => {
  it('is true only for scopedData true', () => {
    expect(isScopedReport({ scopedData: true })).toBe(true);
    expect(isScopedReport({ scopedData: 'true' })).toBe(false);
    expect(isScopedReport({})).toBe(false);
  });
});

describe('withReportIdentity', () => {
  it('keeps title, category and the title slug in the config', () => {
    expect(
      withReportIdentity(
        { slug: 'old-name', scopedData: true },
        { title: 'Şube Performansı & NPS', category: 'Menu Group' },
      ),
    ).toEqual({
      slug: 'sube-performansi-y-nps',
      scopedData: true,
      title: 'Şube Performansı & NPS',
      category: 'Menu Group',
    });
  });
});

describe('stringifyReportConfig', () => {
  it('writes JSON that reads back the same', () => {
    const config = { a: 1, filters: { Segments: ['1;2'] } };
    expect(parseReportConfig(stringifyReportConfig(config))).toEqual(config);
  });
});
