import {
  DATA_SOURCE_SURVEY_TYPE,
  idsOf,
  isMatrixQuestionType,
  type ExperienceItem,
  type QuestionLookupItem,
  type SurveyLookupItem,
  type WidgetKind,
} from '@loupe/contracts';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import {
  FIELD_SPECS,
  GENERAL_FILTER_FIELDS,
  LIMIT_MAX,
  TOP_PHRASE_LIMIT_MAX,
  type FieldSpec,
} from './filter-field-specs';

/*
 * The widget form's dependent-field rules (reports spec §4, §5, §6), pure so that they are unit-tested and the
 * components only wire them to the form.
 */

/** The filter values as the form holds them (see widget-config-model.ts for the saved shape). */
export type FormFilters = Record<string, unknown>;

/** Where SurveyId's surveys come from: the product's own surveys, or the data collector's sources. */
export type SurveySource = 'survey' | 'dataSource';
/** Where SurveyFlowId's flows come from. */
export type SurveyFlowSource = 'surveyFlow' | 'dataSource';

/** Reports spec §9 measurement types. */
export const MeasurementType = { Nps: 0, CustomMetric: 1, AverageScore: 2, Other: 3 } as const;

/** Fields whose choices are questions of the chosen surveys; a survey change drops the questions of others. */
const QUESTION_FIELDS = Object.entries(FIELD_SPECS)
  .filter(([, spec]) => spec.type === 'question')
  .map(([name]) => name);

/** Reports spec §4: Scale defaults to 11 when the chosen experience has measurement type 0 or 2, else cleared. */
export function scaleForMeasurementType(measurementType: number | undefined): 11 | undefined {
  return measurementType === MeasurementType.Nps || measurementType === MeasurementType.AverageScore
    ? 11
    : undefined;
}

/** The surveys whose questions the question pickers offer: the chosen surveys and the closed-ended survey. */
export function questionSurveyIds(filters: FormFilters): number[] {
  return [...new Set([...idsOf(filters.SurveyId), ...idsOf(filters.ClosedEndSurveyId)])];
}

/** Keeps the question ids whose survey is still chosen; ids of questions not loaded are kept while any is. */
function keptQuestions(
  value: unknown,
  surveys: ReadonlySet<number>,
  surveyOfQuestion: ReadonlyMap<number, number>,
): number[] {
  return idsOf(value).filter((questionId) => {
    const surveyId = surveyOfQuestion.get(questionId);
    return surveyId === undefined ? surveys.size > 0 : surveys.has(surveyId);
  });
}

/**
 * What else changes when the user changes some filters (reports spec §4): the chosen experience sets Scale;
 * switching the survey source clears SurveyId, switching the survey-flow source clears SurveyFlowId; a survey
 * change drops the chosen questions of surveys no longer chosen. Returns the fields to set (undefined clears).
 */
export function dependentChanges({
  changed,
  filters,
  experiences,
  surveyOfQuestion,
}: {
  changed: FormFilters;
  /** Every filter value after the change. */
  filters: FormFilters;
  experiences: readonly ExperienceItem[];
  surveyOfQuestion: ReadonlyMap<number, number>;
}): FormFilters {
  const patch: FormFilters = {};
  if ('ExperienceId' in changed) {
    const [experienceId] = idsOf(changed.ExperienceId);
    const experience = experiences.find((item) => item.Id === experienceId);
    patch.Scale = scaleForMeasurementType(experience?.MeasurementType);
  }
  if ('SourceSelectionForSurvey' in changed) patch.SurveyId = [];
  if ('SourceSelectionForSurveyFlow' in changed) patch.SurveyFlowId = undefined;
  const surveysChanged = ['SurveyId', 'ClosedEndSurveyId', 'SourceSelectionForSurvey'].some(
    (key) => key in changed,
  );
  if (surveysChanged) {
    const surveys = new Set(questionSurveyIds({ ...filters, ...patch }));
    for (const field of QUESTION_FIELDS) {
      if (!(field in filters)) continue;
      const kept = keptQuestions(filters[field], surveys, surveyOfQuestion);
      const multiple = Array.isArray(filters[field]);
      if (kept.length !== idsOf(filters[field]).length) patch[field] = multiple ? kept : kept[0];
    }
  }
  return patch;
}

/** Reports spec §4: impact type 1 (positive) disables impact value type, show NPS impact and show average NPS impact. */
export function impactDependantsDisabled(impactType: unknown): boolean {
  return Number(impactType) === 1;
}

/** Reports spec §5, §9: the top-phrase charts take a Limit of at most 100. */
export function limitMaxFor(kind: WidgetKind | undefined): number {
  return kind === 'ExperiencePerformanceChart' ? TOP_PHRASE_LIMIT_MAX : LIMIT_MAX;
}

/** The bounds of an integer field for a widget kind. */
export function integerBounds(name: string, spec: FieldSpec, kind: WidgetKind | undefined) {
  if (spec.type === 'level') return { min: 1, max: spec.max };
  if (spec.type !== 'integer') return undefined;
  return { min: spec.min, max: name === 'Limit' ? limitMaxFor(kind) : spec.max };
}

/**
 * Reports spec §5: the custom-metric widgets offer only experiences of measurement type 1. A widget is a
 * custom-metric widget when its MeasurementType (the form's, else its Config's) is 1.
 */
export function experienceChoices(
  experiences: readonly ExperienceItem[],
  measurementType: unknown,
): ExperienceItem[] {
  return Number(measurementType) === MeasurementType.CustomMetric
    ? experiences.filter((experience) => experience.MeasurementType === MeasurementType.CustomMetric)
    : [...experiences];
}

/**
 * The questions a question field offers: of the chosen surveys; 'nps' keeps 0-10 questions, 'matrix' keeps
 * matrix groups (reports spec §5: a question type starting with MX marks a matrix group).
 */
export function questionChoices(
  questions: readonly QuestionLookupItem[],
  { surveyIds, only }: { surveyIds: readonly number[]; only?: 'nps' | 'matrix' },
): QuestionLookupItem[] {
  const surveys = new Set(surveyIds);
  return questions.filter((question) => {
    if (!surveys.has(question.SurveyId)) return false;
    if (only === 'matrix') return isMatrixQuestionType(question.QuestionTypeName);
    if (only === 'nps') return question.Scale === 11 && !isMatrixQuestionType(question.QuestionTypeName);
    return true;
  });
}

/** The surveys of a source: the data collector's external sources (type 4), or the others. */
export function surveysOfSource(
  surveys: readonly SurveyLookupItem[],
  source: SurveySource | SurveyFlowSource | undefined,
): SurveyLookupItem[] {
  const external = source === 'dataSource';
  return surveys.filter((survey) => (survey.Type === DATA_SOURCE_SURVEY_TYPE) === external);
}

/**
 * Reports spec §6: widgets in the AI categories take the report's text-analytics bubble charts as master
 * widgets, other widgets its channel performance charts. The edited widget is never its own master.
 */
export function masterWidgetChoices({
  widgets,
  kindOf,
  aiWidget,
  editedId,
}: {
  widgets: readonly PlacedWidget[];
  kindOf: (widget: PlacedWidget) => string | undefined;
  aiWidget: boolean;
  editedId?: number;
}): PlacedWidget[] {
  const masterKind: WidgetKind = aiWidget ? 'TextAnalyticsBubbleChart2' : 'ChannelPerformanceChart';
  return widgets.filter((widget) => widget.id !== editedId && kindOf(widget) === masterKind);
}

/** The widget's own filter fields the form can show, in the catalogue's order, without duplicates. */
export function widgetFilterFields(filterFields: readonly string[]): string[] {
  return [...new Set(filterFields)].filter((name) => FIELD_SPECS[name] !== undefined);
}

/**
 * The data endpoints that answer 95 % intervals and small-sample flags with dataFilters.ShowConfidence (NPS and
 * score gauges, cards, performance charts; docs/metrics.md "Confidence intervals and small samples").
 */
const CONFIDENCE_ENDPOINTS: readonly string[] = [
  'api/widget-data/nps',
  'api/widget-data/score',
  'api/widget-data/card',
  'api/widget-data/performance',
  'api/widget-data/channel-performance',
];

/**
 * The widget's fields with the "Show 95 % confidence interval" switch (ShowConfidence) last, for a widget whose
 * endpoint answers it — whatever filterFields its saved Config lists, so widgets made before it get it too.
 */
export function withConfidenceField(fields: readonly string[], dataEndpoint: unknown): string[] {
  if (typeof dataEndpoint !== 'string' || !CONFIDENCE_ENDPOINTS.includes(dataEndpoint)) return [...fields];
  return fields.includes('ShowConfidence') ? [...fields] : [...fields, 'ShowConfidence'];
}

/** The general filters section: the general fields the widget's own filters do not already show. */
export function generalFilterFields(widgetFields: readonly string[]): string[] {
  return GENERAL_FILTER_FIELDS.filter((name) => !widgetFields.includes(name));
}

/**
 * The fields shown with the current values: TopNCount only while TopNToggle is on when the widget offers the
 * toggle (reports spec §5: numeric filters are parsed only when visible).
 */
export function visibleFields(fields: readonly string[], filters: FormFilters): string[] {
  return fields.filter(
    (name) => !(name === 'TopNCount' && fields.includes('TopNToggle') && filters.TopNToggle !== true),
  );
}

/** Whether a shown field is required: named in the widget's requiredFilters, or TopNCount with its toggle on. */
export function isRequiredField(name: string, requiredFilters: readonly string[], filters: FormFilters) {
  return requiredFilters.includes(name) || (name === 'TopNCount' && filters.TopNToggle === true);
}

/** Whether a form value counts as not filled in: nothing, blank text or an empty list (false is a value). */
export function isEmptyFormValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Whether a typed number is a whole number within the bounds; an empty value is left to the required rule. */
export function isIntegerWithin(value: unknown, { min, max }: { min: number; max: number }): boolean {
  if (isEmptyFormValue(value)) return true;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max;
}
