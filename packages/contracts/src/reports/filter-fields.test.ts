import { describe, expect, it } from 'vitest';
import { parseJsonObject } from '../validators.js';
import {
  ADVANCED_FILTERS,
  FILTER_FIELDS,
  FILTER_FIELD_KEYS,
  FILTER_KINDS,
  FILTER_TREES,
  PANEL_FILTER_KEYS,
  POOL_FILTER_KEYS,
  REPORT_DIALOG_FILTER_KEYS,
  WIDGET_GENERAL_FILTER_KEYS,
  filterDependants,
  filterFieldOf,
  filterKeysWhere,
  filterToForm,
  filterToWire,
  filterValues,
} from './filter-fields.js';
import { inviteePoolFilterSchema } from '../data-flow/imports.schema.js';
import { idsOf, listOf } from './filter-values.js';
import { reportFilterSchema, widgetDataFiltersSchema } from './report-filter.schema.js';
import { widgetConfigProblems, widgetConfigSchema } from './widget-config.schema.js';
import { widgetDataRequestSchema } from './widget-data.schema.js';

describe('the filter-field registry', () => {
  it('builds the report filter from its report rows and the widget dataFilters from its widget rows', () => {
    expect(Object.keys(reportFilterSchema.shape)).toEqual(
      FILTER_FIELD_KEYS.filter((key) => FILTER_FIELDS[key].scopes.includes('report')),
    );
    const widgetKeys = FILTER_FIELD_KEYS.filter((key) => FILTER_FIELDS[key].scopes.includes('widget'));
    expect(widgetKeys).toEqual([
      'TimeColumn',
      'SurveyId',
      'QuestionId',
      'ExperienceIds',
      'ExperienceId',
      'TransactionTypeId',
      'ChannelSet',
      'ProductSet',
      'ChannelLocationSet',
      'InviteeLocationSet',
      'Segments',
      'RespondentType',
      'IncludeTestAnswers',
      'OnlyFinishedSessions',
      'SessionStatus',
      // A widget's own sentiment choice: the top-phrase charts, the demo's commenters' NPS.
      'SentimentFilter',
    ]);
    const shape = widgetDataFiltersSchema.shape as Record<string, unknown>;
    for (const key of widgetKeys) expect(shape[key]).toBe(FILTER_FIELDS[key].schema);
  });

  it("gives the invitee pool's filter its own rows, each in a group of the panel", () => {
    expect([...POOL_FILTER_KEYS]).toEqual([
      'Segments',
      'Statuses',
      'EliminationReasons',
      'Surveys',
      'TransactionTypes',
      'TransactionChannels',
      'Products',
      'Employees',
      'InviteeLocations',
      ...Array.from({ length: 10 }, (_, index) => `CustomData${index + 1}`),
    ]);
    for (const key of POOL_FILTER_KEYS) expect(FILTER_FIELDS[key].poolGroup, key).toBeDefined();
    // The report's own properties are not the pool's: a report filter key is refused there.
    expect(inviteePoolFilterSchema.safeParse({ SurveyId: [1] }).success).toBe(false);
    expect(inviteePoolFilterSchema.safeParse({ Statuses: [3], EliminationReasons: [18] }).success).toBe(true);
    expect(inviteePoolFilterSchema.safeParse({ EliminationReasons: [19] }).success).toBe(false);
  });

  it('takes null and absent for every property (they do not filter)', () => {
    for (const key of FILTER_FIELD_KEYS) {
      expect(FILTER_FIELDS[key].schema.safeParse(null).success, key).toBe(true);
      expect(FILTER_FIELDS[key].schema.safeParse(undefined).success, key).toBe(true);
    }
  });

  it('names only rows that exist, and gives every tree row its tree, column and depth', () => {
    for (const key of FILTER_FIELD_KEYS) {
      const field = FILTER_FIELDS[key];
      for (const named of [field.joins, field.dependsOn, field.chipAs]) {
        if (named !== undefined) expect(filterFieldOf(named), `${key} -> ${named}`).toBeDefined();
      }
      if (field.match !== 'none' && field.match !== 'time') expect(field.column, key).toMatch(/^[a-z_]+$/);
      if (field.kind === 'treeSet') {
        expect(field.match, key).toBe('tree');
        expect(FILTER_TREES[field.tree!].depth, key).toBeGreaterThan(0);
      }
    }
    expect(FILTER_TREES).toEqual({
      channels: { depth: 10 },
      products: { depth: 5 },
      locations: { depth: 3 },
    });
    expect(filterFieldOf('NpsQuestionId')).toBeUndefined();
    expect(filterFieldOf('toString')).toBeUndefined();
  });

  it('orders the panel by its places, each place once, the text-analytics filters last', () => {
    const places = PANEL_FILTER_KEYS.map((key) => FILTER_FIELDS[key].panel!.order);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(new Set(places).size).toBe(places.length);
    expect(PANEL_FILTER_KEYS).toEqual([
      'TransactionTypeId',
      'ChannelSet',
      'Segments',
      'ChannelLocationSet',
      'RespondentType',
      'JourneyStages',
      'ExperienceIds',
      'DataSourceSurveyIds',
      'SurveyId',
      'QuestionId',
      'InviteeLocationSet',
      'ProductSet',
      'SessionStatus',
      'UserDimensionFilters2',
      'SentimentFilter',
      'EmotionDimensionFilters',
      'ScoreRange',
      'Source',
      'FreeTextFilter',
    ]);
    const ai = PANEL_FILTER_KEYS.filter((key) => FILTER_FIELDS[key].panel!.aiModule === true);
    expect(PANEL_FILTER_KEYS.slice(-ai.length)).toEqual(ai);
  });

  it('offers every advanced filter name through at least one row', () => {
    for (const name of ADVANCED_FILTERS) {
      expect(filterKeysWhere((field) => field.advanced === name).length, name).toBeGreaterThan(0);
    }
    expect(filterKeysWhere((field) => field.advanced === 'survey')).toEqual([
      'SurveyId',
      'DataSourceSurveyIds',
    ]);
  });

  it('lists the dialogs’ filters trees first', () => {
    expect(REPORT_DIALOG_FILTER_KEYS).toEqual([
      'ChannelSet',
      'ProductSet',
      'ChannelLocationSet',
      'InviteeLocationSet',
      'TransactionTypeId',
      'Segments',
    ]);
    expect(WIDGET_GENERAL_FILTER_KEYS).toEqual([
      'ChannelSet',
      'ProductSet',
      'ChannelLocationSet',
      'InviteeLocationSet',
      'TransactionTypeId',
      'Segments',
      'RespondentType',
      'IncludeTestAnswers',
      'OnlyFinishedSessions',
      'SessionStatus',
    ]);
  });

  it('knows what depends on what', () => {
    expect(filterDependants('SurveyId')).toEqual(['QuestionId']);
    expect(filterDependants('ChannelSet')).toEqual([]);
  });
});

describe('the kinds’ converters', () => {
  it('lists a value: tree sets by ids, topics by topic, a range as itself, the rest as a list', () => {
    expect(filterValues('ChannelSet', { Ids: [3, 4] })).toEqual([3, 4]);
    expect(filterValues('ChannelSet', null)).toEqual([]);
    expect(
      filterValues('UserDimensionFilters2', [
        { TopicModelId: 1, TopicIds: [7, 8] },
        { TopicModelId: 2, TopicIds: [9] },
      ]),
    ).toEqual([7, 8, 9]);
    expect(filterValues('ScoreRange', { min: 3, max: null })).toEqual([{ min: 3, max: null }]);
    expect(filterValues('SurveyId', 5)).toEqual([5]);
    expect(filterValues('Source', ['survey', 'import'])).toEqual(['survey', 'import']);
    expect(filterValues('SessionStatus', 2)).toEqual([2]);
    expect(filterValues('OnlyFinishedSessions', true)).toEqual([]);
  });

  it('reads wire values into form values and back', () => {
    expect(filterToForm('ChannelSet', { Ids: [3, 4] })).toEqual([3, 4]);
    expect(filterToForm('ChannelSet', [5])).toEqual([5]);
    expect(filterToForm('ProductSet', { Ids: ['7', 8.5, 9] })).toEqual([9]);
    expect(filterToWire('ChannelSet', [3])).toEqual({ Ids: [3] });
    expect(filterToWire('ChannelSet', [])).toBeUndefined();
    // A stored set keeps what else it carries.
    expect(filterToWire('ChannelSet', [5, 6], { Ids: [1], Level: 2 })).toEqual({ Ids: [5, 6], Level: 2 });

    expect(filterToForm('SurveyId', 5)).toEqual([5]);
    expect(filterToWire('SurveyId', ['1', 2])).toEqual([1, 2]);
    expect(filterToWire('SurveyId', [])).toBeUndefined();
    expect(filterToForm('ExperienceId', [8, 9])).toBe(8);
    expect(filterToWire('ExperienceId', 8)).toBe(8);

    expect(filterToForm('Segments', ['1;5', '1-5', 3])).toEqual(['1;5']);
    expect(filterToWire('Segments', [])).toBeUndefined();
    expect(filterToForm('RespondentType', 1)).toEqual([1]);
    expect(filterToForm('RespondentType', null)).toEqual([]);
    expect(filterToWire('RespondentType', [0, 2])).toEqual([0, 2]);
    expect(filterToForm('SessionStatus', null)).toBeUndefined();
    expect(filterToWire('SessionStatus', 1)).toBe(1);
    expect(filterToForm('OnlyFinishedSessions', undefined)).toBe(false);
    expect(filterToWire('OnlyFinishedSessions', false)).toBeUndefined();
    expect(filterToWire('OnlyFinishedSessions', true)).toBe(true);
  });

  it('round-trips a form value of every kind that has one', () => {
    const forms: Partial<Record<keyof typeof FILTER_KINDS, unknown>> = {
      ids: [1, 2],
      id: 3,
      treeSet: [4, 5],
      segments: ['1;2'],
      choices: [0, 2],
      choice: 1,
      flag: true,
    };
    for (const [kind, form] of Object.entries(forms)) {
      const converters = FILTER_KINDS[kind as keyof typeof FILTER_KINDS];
      expect(converters.toForm(converters.toWire(form)), kind).toEqual(form);
    }
  });

  it('reads ids written in any accepted form', () => {
    expect(idsOf(5)).toEqual([5]);
    expect(idsOf([1, '2', ' 3'])).toEqual([1, 2, 3]);
    expect(idsOf(undefined)).toEqual([]);
    expect(idsOf(['', null, 'x', 1.5])).toEqual([]);
    expect(listOf('a')).toEqual(['a']);
    expect(listOf(null)).toEqual([]);
  });
});

describe('parseJsonObject', () => {
  it('reads a JSON object and nothing else', () => {
    expect(parseJsonObject('{"title":"A","size":{"w":2}}')).toEqual({ title: 'A', size: { w: 2 } });
    expect(parseJsonObject('{}')).toEqual({});
    for (const text of ['', '   ', '{', '{"title":', '[1,2]', '5', '"text"', 'null', null, undefined, 7]) {
      expect(parseJsonObject(text), String(text)).toBeUndefined();
    }
  });
});

describe('widgetConfigSchema', () => {
  it('names each field of a dataFilters a data request would refuse', () => {
    expect(
      widgetConfigProblems({
        dataFilters: { TimeColumn: 'ClosedDateId', ChannelSet: { Ids: ['north'] }, Segments: ['gold'] },
      }).map((problem) => problem.Path),
    ).toEqual([
      'Config.dataFilters.TimeColumn',
      'Config.dataFilters.ChannelSet.Ids.0',
      'Config.dataFilters.Segments.0',
    ]);
    expect(widgetConfigProblems({ dataFilters: [1] }, '').map((problem) => problem.Path)).toEqual([
      'dataFilters',
    ]);
  });

  it('passes the widget’s own keys, reads size and position leniently and normalises them', () => {
    const config = {
      type: 'Card',
      title: 'Branches',
      size: { w: 'wide' },
      position: '2',
      dataFilters: { TimeColumn: 'AnsweredDateId', TopicCount: 5 },
    };
    expect(widgetConfigProblems(config)).toEqual([]);
    const checked = widgetConfigSchema.parse(config);
    expect(checked).toMatchObject({ type: 'Card', title: 'Branches', size: { w: 3, h: 2 } });
    expect(checked.position).toBeUndefined();
    expect(widgetConfigSchema.parse({ size: { w: 9 }, position: 4.4 })).toMatchObject({
      size: { w: 6, h: 2 },
      position: 4,
    });
    expect(widgetConfigSchema.parse({}).size).toEqual({ w: 3, h: 2 });
    expect(widgetConfigProblems({ dataFilters: null })).toEqual([]);
  });
});

describe('widgetDataRequestSchema', () => {
  it('refuses a key that is none of the request’s, and keeps the widget’s own keys in DataFilters', () => {
    const refused = widgetDataRequestSchema.safeParse({
      TimeRange: ['2026-01-01', '2026-01-31'],
      ChannelColumnLevel: 2,
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['ChannelColumnLevel'],
    });
    expect(
      widgetDataRequestSchema.parse({ ReportId: 1, DataFilters: { ChannelColumnLevel: 2, TopicCount: 4 } }),
    ).toEqual({ ReportId: 1, DataFilters: { ChannelColumnLevel: 2, TopicCount: 4 } });
  });
});
