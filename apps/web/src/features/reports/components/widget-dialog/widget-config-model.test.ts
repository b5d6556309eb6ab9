import { parseJsonObject } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import type { WidgetConfig } from '@/widgets/shared/widget-layout';
import { FIELD_SPECS } from './filter-field-specs';
import { generalFilterFields, visibleFields, widgetFilterFields } from './filter-rules';
import {
  buildWidgetConfig,
  formatConfigJson,
  formSettingsOf,
  formValuesOf,
  layoutOf,
  nextPosition,
  timeColumnsFor,
  toFormFilter,
  toInteger,
  toSavedFilter,
} from './widget-config-model';

/** A catalogue default like the branch performance chart's (server widget-catalogue.data.ts, id 4). */
const branchChart: WidgetConfig = {
  type: 'ChannelPerformanceChart',
  dataEndpoint: 'api/widget-data/channel-performance',
  showTitle: true,
  showTooltip: true,
  size: { w: 6, h: 2 },
  masterWidgets: [],
  dataFilters: { TimeColumn: 'TransactionDateId', ParentChannelLevel: 1, ChannelColumnLevel: 2 },
  filterFields: [
    'SurveyId',
    'NpsQuestionId',
    'SessionStatus',
    'OnlyFinishedSessions',
    'ParentChannelLevel',
    'ChannelColumnLevel',
    'TopNToggle',
    'TopNCount',
  ],
  requiredFilters: ['ParentChannelLevel', 'ChannelColumnLevel'],
  drillDownField: 'ChannelSet',
};

function fieldsOf(config: WidgetConfig): string[] {
  const own = widgetFilterFields(formSettingsOf(config).filterFields);
  return [...own, ...generalFilterFields(own)];
}

const context = (config: WidgetConfig, aiWidget = false) => ({
  fields: fieldsOf(config),
  allowThirdLayout: formSettingsOf(config).allowThirdLayout,
  aiWidget,
  defaultTitle: 'Branch performance',
});

describe('layout and position (reports spec §4, §9)', () => {
  it('maps widths 6, 3 and 2 to the full, half and third layouts; third only when allowed', () => {
    expect(layoutOf(6, false)).toBe(6);
    expect(layoutOf(3, false)).toBe(3);
    expect(layoutOf(2, true)).toBe(2);
    expect(layoutOf(2, false)).toBeUndefined();
    expect(layoutOf(4, true)).toBeUndefined();
    expect(layoutOf('6', false)).toBe(6);
  });

  it('places a new widget at the largest position plus 1', () => {
    expect(nextPosition([])).toBe(1);
    expect(
      nextPosition([
        { Config: '{"position":3}' },
        { Config: '{"position":7,"size":{"w":2}}' },
        { Config: '{}' },
        { Config: 'not json' },
      ]),
    ).toBe(8);
  });

  it('offers AI widgets only the transaction and answer dates (reports spec §5)', () => {
    expect(timeColumnsFor(true)).toEqual(['TransactionDateId', 'AnsweredDateId']);
    expect(timeColumnsFor(false)).toEqual([
      'TransactionDateId',
      'AnsweredDateId',
      'InvitedDateId',
      'CreatedDateId',
    ]);
  });
});

describe('formValuesOf', () => {
  it("reads a catalogue default: the entry's title, its size and filters, and the defaults", () => {
    const values = formValuesOf(branchChart, context(branchChart));
    expect(values).toMatchObject({
      title: 'Branch performance',
      showTitle: true,
      timeColumn: 'TransactionDateId',
      width: 6,
      showTooltip: true,
      showDeviation: false,
      hintText: '',
      masterWidgets: [],
    });
    expect(values.filters).toMatchObject({
      SurveyId: [],
      NpsQuestionId: undefined,
      SessionStatus: 0,
      OnlyFinishedSessions: false,
      ParentChannelLevel: 1,
      ChannelColumnLevel: 2,
      TopNToggle: false,
      ChannelSet: [],
      TransactionTypeId: [],
      SourceSelectionForSurvey: 'survey',
      SourceSelectionForSurveyFlow: 'surveyFlow',
    });
  });

  it('defaults the width to 3 (half) without a size', () => {
    expect(formValuesOf({}, { ...context({}), defaultTitle: '' }).width).toBe(3);
  });

  it('reads an edited widget: its own title, its choices and its source selection', () => {
    const saved: WidgetConfig = {
      ...branchChart,
      title: 'Branches of the north',
      showTitle: false,
      masterWidgets: [4, 'x'],
      dataFilters: {
        TimeColumn: 'InvitedDateId',
        SurveyId: 5,
        SourceSelectionForSurvey: 'dataSource',
        ChannelSet: { Ids: [3, 4] },
        TopNToggle: true,
        TopNCount: '15',
      },
    };
    const values = formValuesOf(saved, context(saved));
    expect(values.title).toBe('Branches of the north');
    expect(values.showTitle).toBe(false);
    expect(values.timeColumn).toBe('InvitedDateId');
    expect(values.masterWidgets).toEqual([4]);
    expect(values.filters).toMatchObject({
      SurveyId: [5],
      SourceSelectionForSurvey: 'dataSource',
      ChannelSet: [3, 4],
      TopNToggle: true,
      TopNCount: 15,
    });
  });

  it('gives an AI widget the first allowed time column when its saved one is not allowed', () => {
    const ai = (TimeColumn: string) =>
      formValuesOf({ dataFilters: { TimeColumn } }, { ...context({}), aiWidget: true });
    expect(ai('InvitedDateId').timeColumn).toBe('TransactionDateId');
    expect(ai('AnsweredDateId').timeColumn).toBe('AnsweredDateId');
  });
});

describe('toFormFilter and toSavedFilter', () => {
  it('keeps the order of comma-joined matrix questions', () => {
    const spec = FIELD_SPECS.OrderedQuestionIds!;
    expect(toFormFilter(spec, '3,1, 2')).toEqual([3, 1, 2]);
    expect(toSavedFilter(spec, [3, 1, 2])).toBe('3,1,2');
    expect(toSavedFilter(spec, [])).toBeUndefined();
  });

  it('parses numbers to integers (reports spec §5)', () => {
    expect(toInteger('12')).toBe(12);
    expect(toInteger(12.7)).toBe(12);
    expect(toInteger('')).toBeUndefined();
    expect(toInteger('abc')).toBeUndefined();
    expect(toSavedFilter(FIELD_SPECS.TopNCount!, '25')).toBe(25);
  });

  it('saves journey rows with whole-number ids and orders', () => {
    expect(
      toSavedFilter(FIELD_SPECS.JourneyConfigs!, [
        { SurveyId: 3, JourneyId: '2', JourneyName: ' Onboarding ', JourneyOrder: 1 },
      ]),
    ).toEqual([{ SurveyId: 3, JourneyId: 2, JourneyName: 'Onboarding', JourneyOrder: 1 }]);
    expect(toSavedFilter(FIELD_SPECS.JourneyConfigs!, [])).toBeUndefined();
  });

  it('saves experience weights with numbers', () => {
    expect(toSavedFilter(FIELD_SPECS.ExperienceWeights!, [{ ExperienceId: '101', Weight: '0.5' }])).toEqual([
      { ExperienceId: 101, Weight: 0.5 },
    ]);
  });

  it('saves tree sets as { Ids } and drops empty ones', () => {
    expect(toSavedFilter(FIELD_SPECS.ChannelSet!, [3])).toEqual({ Ids: [3] });
    expect(toSavedFilter(FIELD_SPECS.ChannelSet!, [])).toBeUndefined();
  });
});

describe('buildWidgetConfig', () => {
  const build = (base: WidgetConfig, change: (values: ReturnType<typeof formValuesOf>) => void) => {
    const values = formValuesOf(base, context(base));
    change(values);
    return buildWidgetConfig({ base, values, visible: visibleFields(fieldsOf(base), values.filters) });
  };

  it('writes the form over the catalogue default, keeping the keys the form does not edit', () => {
    const config = build({ ...branchChart, position: 4 }, (values) => {
      values.title = '  Branch NPS  ';
      values.width = 3;
      values.filters.SurveyId = [5];
      values.filters.ChannelSet = [3];
      values.filters.SessionStatus = 0;
      values.filters.OnlyFinishedSessions = false;
      values.masterWidgets = [9];
      values.hintText = ' Read me ';
    });
    expect(config).toEqual({
      ...branchChart,
      title: 'Branch NPS',
      showTitle: true,
      showTooltip: true,
      size: { w: 3, h: 2 },
      position: 4,
      masterWidgets: [9],
      hintText: 'Read me',
      dataFilters: {
        TimeColumn: 'TransactionDateId',
        ParentChannelLevel: 1,
        ChannelColumnLevel: 2,
        SurveyId: [5],
        SourceSelectionForSurvey: 'survey',
        ChannelSet: { Ids: [3] },
      },
    });
  });

  it('sets the position when given (a new widget)', () => {
    const values = formValuesOf(branchChart, context(branchChart));
    const visible = visibleFields(fieldsOf(branchChart), values.filters);
    expect(buildWidgetConfig({ base: branchChart, values, visible, position: 6 }).position).toBe(6);
  });

  it('parses TopNCount while its toggle is on, and keeps the saved one while it is off', () => {
    const on = build(branchChart, (values) => {
      values.filters.TopNToggle = true;
      values.filters.TopNCount = '15';
    });
    expect(on.dataFilters).toMatchObject({ TopNToggle: true, TopNCount: 15 });

    const saved = { ...branchChart, dataFilters: { ...(branchChart.dataFilters as object), TopNCount: 20 } };
    const off = build(saved, (values) => {
      values.filters.TopNCount = 99;
    });
    expect(off.dataFilters).toMatchObject({ TopNCount: 20 });
    expect(off.dataFilters).not.toHaveProperty('TopNToggle');
  });

  it('sends SessionStatus 0 as absent and keeps 1 (reports spec §5)', () => {
    expect(build(branchChart, (values) => (values.filters.SessionStatus = 0)).dataFilters).not.toHaveProperty(
      'SessionStatus',
    );
    expect(build(branchChart, (values) => (values.filters.SessionStatus = 1)).dataFilters).toMatchObject({
      SessionStatus: 1,
    });
  });

  it('with impact type 1 removes the impact value type and turns the impact displays off (reports spec §4)', () => {
    const impact: WidgetConfig = {
      showNpsImpact: true,
      dataFilters: { ImpactType: 3, ImpactValueType: 2 },
      filterFields: ['ImpactType', 'ImpactValueType'],
    };
    const positive = build(impact, (values) => {
      values.filters.ImpactType = 1;
      values.showNpsImpact = true;
    });
    expect(positive.dataFilters).not.toHaveProperty('ImpactValueType');
    expect(positive.showNpsImpact).toBe(false);
    const nps = build(impact, () => undefined);
    expect(nps.dataFilters).toMatchObject({ ImpactType: 3, ImpactValueType: 2 });
    expect(nps.showNpsImpact).toBe(true);
    expect(nps).not.toHaveProperty('showAverageNpsScoreImpact');
  });

  it('writes showDeviation only for widgets that have it', () => {
    expect(build({ showDeviation: true }, (values) => (values.showDeviation = false)).showDeviation).toBe(
      false,
    );
    expect(build({}, (values) => (values.showDeviation = true))).not.toHaveProperty('showDeviation');
  });
});

describe('the JSON tab (reports spec §2)', () => {
  it('re-reads valid JSON objects and ignores anything else', () => {
    expect(parseJsonObject('{"title":"A","size":{"w":2}}')).toEqual({ title: 'A', size: { w: 2 } });
    expect(parseJsonObject('{"title":')).toBeUndefined();
    expect(parseJsonObject('[1,2]')).toBeUndefined();
    expect(parseJsonObject('5')).toBeUndefined();
    expect(parseJsonObject(undefined)).toBeUndefined();
  });

  it('round-trips: the form of the JSON of the form is the form', () => {
    const values = formValuesOf(branchChart, context(branchChart));
    values.filters.TopNToggle = true;
    values.filters.TopNCount = 10;
    values.filters.ProductSet = [8];
    const config = buildWidgetConfig({
      base: branchChart,
      values,
      visible: visibleFields(fieldsOf(branchChart), values.filters),
    });
    const reread = parseJsonObject(formatConfigJson(config));
    expect(reread).toEqual(config);
    expect(formValuesOf(reread!, context(branchChart))).toEqual({ ...values, title: 'Branch performance' });
  });
});
