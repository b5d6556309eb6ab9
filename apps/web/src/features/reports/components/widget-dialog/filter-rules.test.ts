import { idsOf, type ExperienceItem, type QuestionLookupItem, type SurveyLookupItem } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import { FIELD_SPECS } from './filter-field-specs';
import {
  dependentChanges,
  experienceChoices,
  generalFilterFields,
  impactDependantsDisabled,
  integerBounds,
  isEmptyFormValue,
  isIntegerWithin,
  isRequiredField,
  limitMaxFor,
  masterWidgetChoices,
  questionChoices,
  questionSurveyIds,
  scaleForMeasurementType,
  surveysOfSource,
  visibleFields,
  widgetFilterFields,
  withConfidenceField,
} from './filter-rules';

const experience = (Id: number, MeasurementType: number): ExperienceItem => ({
  Id,
  Name: `Experience ${Id}`,
  MeasurementType,
  GroupId: null,
  GroupName: null,
  IsPreserved: false,
});
const EXPERIENCES = [experience(101, 0), experience(102, 1), experience(201, 2), experience(601, 3)];

const question = (
  Id: number,
  SurveyId: number,
  QuestionTypeName: string,
  Scale: number | null = null,
): QuestionLookupItem => ({
  Id,
  Text: `Question ${Id}`,
  SurveyId,
  SurveyFlowId: null,
  ParentId: null,
  QuestionTypeName,
  ExperienceId: null,
  Scale,
  Code: null,
  Required: false,
  Choices: [],
});

const survey = (Id: number, Type: number): SurveyLookupItem => ({
  Id,
  Title: `Survey ${Id}`,
  Type,
  IsActive: true,
  SourceName: null,
  JourneyStageId: null,
  Flows: [],
});

describe('idsOf (contracts)', () => {
  it('reads one id, a list, numeric text, and nothing', () => {
    expect(idsOf(5)).toEqual([5]);
    expect(idsOf([1, '2', ' 3'])).toEqual([1, 2, 3]);
    expect(idsOf(undefined)).toEqual([]);
    expect(idsOf(['', null, 'x', 1.5])).toEqual([]);
  });
});

describe('scaleForMeasurementType (reports spec §4)', () => {
  it('is 11 for NPS (0) and average score (2), cleared otherwise', () => {
    expect(scaleForMeasurementType(0)).toBe(11);
    expect(scaleForMeasurementType(2)).toBe(11);
    expect(scaleForMeasurementType(1)).toBeUndefined();
    expect(scaleForMeasurementType(3)).toBeUndefined();
    expect(scaleForMeasurementType(undefined)).toBeUndefined();
  });
});

describe('dependentChanges', () => {
  const none = new Map<number, number>();

  it('sets Scale 11 when the chosen experience is NPS or average score, clears it otherwise', () => {
    const change = (ExperienceId: number | undefined) =>
      dependentChanges({
        changed: { ExperienceId },
        filters: { ExperienceId, Scale: 5 },
        experiences: EXPERIENCES,
        surveyOfQuestion: none,
      });
    expect(change(101)).toEqual({ Scale: 11 });
    expect(change(201)).toEqual({ Scale: 11 });
    expect(change(102)).toEqual({ Scale: undefined });
    expect(change(601)).toEqual({ Scale: undefined });
    expect(change(undefined)).toEqual({ Scale: undefined });
  });

  it('clears SurveyId when the survey source changes, and the questions of those surveys', () => {
    const patch = dependentChanges({
      changed: { SourceSelectionForSurvey: 'dataSource' },
      filters: { SourceSelectionForSurvey: 'dataSource', SurveyId: [1, 2], QuestionId: [11, 21] },
      experiences: EXPERIENCES,
      surveyOfQuestion: new Map([
        [11, 1],
        [21, 2],
      ]),
    });
    expect(patch).toEqual({ SurveyId: [], QuestionId: [] });
  });

  it('clears SurveyFlowId when the survey-flow source changes', () => {
    expect(
      dependentChanges({
        changed: { SourceSelectionForSurveyFlow: 'dataSource' },
        filters: { SourceSelectionForSurveyFlow: 'dataSource', SurveyFlowId: 7 },
        experiences: EXPERIENCES,
        surveyOfQuestion: none,
      }),
    ).toEqual({ SurveyFlowId: undefined });
  });

  it('drops the chosen questions of surveys no longer chosen, keeping the others', () => {
    const surveyOfQuestion = new Map([
      [11, 1],
      [21, 2],
      [22, 2],
    ]);
    const patch = dependentChanges({
      changed: { SurveyId: [1] },
      filters: { SurveyId: [1], QuestionId: [11, 21], NpsQuestionId: 22 },
      experiences: EXPERIENCES,
      surveyOfQuestion,
    });
    expect(patch).toEqual({ QuestionId: [11], NpsQuestionId: undefined });
  });

  it('drops the ordered matrix questions when the closed-ended survey changes', () => {
    const patch = dependentChanges({
      changed: { ClosedEndSurveyId: 3 },
      filters: { ClosedEndSurveyId: 3, OrderedQuestionIds: [31, 41] },
      experiences: EXPERIENCES,
      surveyOfQuestion: new Map([
        [31, 3],
        [41, 4],
      ]),
    });
    expect(patch).toEqual({ OrderedQuestionIds: [31] });
  });

  it('changes nothing for other fields', () => {
    expect(
      dependentChanges({
        changed: { CategoryType: 'WW' },
        filters: { CategoryType: 'WW', Scale: 5 },
        experiences: EXPERIENCES,
        surveyOfQuestion: none,
      }),
    ).toEqual({});
  });
});

describe('impact, limit and integer bounds', () => {
  it('impact type 1 disables its dependants (reports spec §4)', () => {
    expect(impactDependantsDisabled(1)).toBe(true);
    expect(impactDependantsDisabled('1')).toBe(true);
    expect(impactDependantsDisabled(2)).toBe(false);
    expect(impactDependantsDisabled(3)).toBe(false);
    expect(impactDependantsDisabled(undefined)).toBe(false);
  });

  it('limits the top-phrase chart to 100 and other widgets to 1000', () => {
    expect(limitMaxFor('ExperiencePerformanceChart')).toBe(100);
    expect(limitMaxFor('TrendChart')).toBe(1000);
    expect(integerBounds('Limit', FIELD_SPECS.Limit!, 'ExperiencePerformanceChart')).toEqual({
      min: 1,
      max: 100,
    });
    expect(integerBounds('Limit', FIELD_SPECS.Limit!, 'NpsPerformanceChart')).toEqual({ min: 1, max: 1000 });
    expect(integerBounds('ChannelColumnLevel', FIELD_SPECS.ChannelColumnLevel!, undefined)).toEqual({
      min: 1,
      max: 10,
    });
    expect(integerBounds('Deviate', FIELD_SPECS.Deviate!, undefined)).toBeUndefined();
  });

  it('checks whole numbers within bounds, leaving empty values to the required rule', () => {
    const bounds = { min: 1, max: 100 };
    expect(isIntegerWithin(100, bounds)).toBe(true);
    expect(isIntegerWithin(101, bounds)).toBe(false);
    expect(isIntegerWithin(0, bounds)).toBe(false);
    expect(isIntegerWithin(2.5, bounds)).toBe(false);
    expect(isIntegerWithin(undefined, bounds)).toBe(true);
  });

  it('counts nothing, blank text and empty lists as empty, and false as a value', () => {
    expect(isEmptyFormValue(undefined)).toBe(true);
    expect(isEmptyFormValue(' ')).toBe(true);
    expect(isEmptyFormValue([])).toBe(true);
    expect(isEmptyFormValue(false)).toBe(false);
    expect(isEmptyFormValue(0)).toBe(false);
  });
});

describe('choices', () => {
  it('offers only custom-metric experiences (type 1) to a custom-metric widget (reports spec §5)', () => {
    expect(experienceChoices(EXPERIENCES, 1).map((item) => item.Id)).toEqual([102]);
    expect(experienceChoices(EXPERIENCES, 2).map((item) => item.Id)).toEqual([101, 102, 201, 601]);
    expect(experienceChoices(EXPERIENCES, undefined)).toHaveLength(4);
  });

  it('offers questions of the chosen surveys: matrix groups for matrix pickers, 0-10 ones for NPS', () => {
    const questions = [
      question(1, 10, 'MXSS'),
      question(2, 10, 'MCSS', 11),
      question(3, 10, 'MXRO'),
      question(4, 20, 'MXSS'),
      question(5, 10, 'OETX'),
      question(6, 10, 'MCSS', 5),
    ];
    const ids = (only?: 'nps' | 'matrix') =>
      questionChoices(questions, { surveyIds: [10], only }).map((item) => item.Id);
    expect(ids('matrix')).toEqual([1, 3]);
    expect(ids('nps')).toEqual([2]);
    expect(ids()).toEqual([1, 2, 3, 5, 6]);
    expect(questionSurveyIds({ SurveyId: [10, 20], ClosedEndSurveyId: 20 })).toEqual([10, 20]);
  });

  it('splits surveys into the own ones and the data collector sources (type 4)', () => {
    const surveys = [survey(1, 1), survey(2, 4), survey(3, 7)];
    expect(surveysOfSource(surveys, 'survey').map((item) => item.Id)).toEqual([1, 3]);
    expect(surveysOfSource(surveys, 'dataSource').map((item) => item.Id)).toEqual([2]);
  });

  it('offers bubble charts as masters to AI widgets and channel charts to the others (reports spec §6)', () => {
    const placed = (id: number, type: string): PlacedWidget => ({
      id,
      widgetId: id,
      width: 3,
      position: id,
      title: undefined,
      showTitle: true,
      config: { type },
    });
    const widgets = [
      placed(1, 'ChannelPerformanceChart'),
      placed(2, 'TextAnalyticsBubbleChart2'),
      placed(3, 'ChannelPerformanceChart'),
      placed(4, 'Card'),
    ];
    const kindOf = (widget: PlacedWidget) => widget.config.type as string;
    const ids = (aiWidget: boolean, editedId?: number) =>
      masterWidgetChoices({ widgets, kindOf, aiWidget, editedId }).map((widget) => widget.id);
    expect(ids(false)).toEqual([1, 3]);
    expect(ids(true)).toEqual([2]);
    expect(ids(false, 3)).toEqual([1]);
  });
});

describe('fields', () => {
  it("keeps the widget's known fields once, in order", () => {
    expect(widgetFilterFields(['SurveyId', 'Unknown', 'Deviate', 'SurveyId'])).toEqual([
      'SurveyId',
      'Deviate',
    ]);
  });

  it('leaves out of the general section what the widget already shows', () => {
    expect(generalFilterFields(['SessionStatus', 'OnlyFinishedSessions', 'RespondentType'])).toEqual([
      'ChannelSet',
      'ProductSet',
      'ChannelLocationSet',
      'InviteeLocationSet',
      'TransactionTypeId',
      'Segments',
      'IncludeTestAnswers',
    ]);
  });

  it('shows TopNCount only while TopNToggle is on, and then requires it', () => {
    const fields = ['TopNToggle', 'TopNCount'];
    expect(visibleFields(fields, { TopNToggle: false })).toEqual(['TopNToggle']);
    expect(visibleFields(fields, { TopNToggle: true })).toEqual(fields);
    expect(visibleFields(['TopNCount'], {})).toEqual(['TopNCount']);
    expect(isRequiredField('TopNCount', [], { TopNToggle: true })).toBe(true);
    expect(isRequiredField('TopNCount', [], { TopNToggle: false })).toBe(false);
    expect(isRequiredField('CategoryType', ['CategoryType'], {})).toBe(true);
  });
});

describe('withConfidenceField', () => {
  it('adds the switch for the endpoints that answer intervals, once', () => {
    expect(withConfidenceField(['SurveyId'], 'api/widget-data/nps')).toEqual(['SurveyId', 'ShowConfidence']);
    expect(withConfidenceField(['ShowConfidence'], 'api/widget-data/channel-performance')).toEqual([
      'ShowConfidence',
    ]);
    expect(withConfidenceField(['SurveyId'], 'api/widget-data/trend')).toEqual(['SurveyId']);
    expect(withConfidenceField(['SurveyId'], undefined)).toEqual(['SurveyId']);
  });
});
