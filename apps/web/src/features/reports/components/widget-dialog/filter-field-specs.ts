import {
  CATEGORY_TYPES,
  FILTER_FIELDS,
  FILTER_TREES,
  WIDGET_GENERAL_FILTER_KEYS,
  filterKeysWhere,
  type FilterFieldDefinition,
} from '@loupe/contracts';

/*
 * The dataFilters fields the widget dialog can edit (reports spec §3 "dataFilters fields", §5, §9), each with the
 * control that edits it and how its form value maps to the value saved in Config.dataFilters. The filter
 * properties a widget applies (the registry's `widget` scope, contracts `FILTER_FIELDS`) get their control from
 * their row (`filterFieldSpec`); the widget's own query keys are listed here. A catalogue entry names the fields its
 * form shows in Config.filterFields; a name without a spec is not shown (the JSON tab still edits it) and its saved
 * value is kept as it is.
 */

/** The lists whose values a field chooses from (the lookup endpoints of docs/api.md). */
export type FieldLookup =
  | 'surveys'
  | 'questions'
  | 'experiences'
  | 'segments'
  | 'transactionTypes'
  | 'journeyStages'
  | 'topicModels'
  | 'weightedExperienceGroups'
  | 'channels'
  | 'products'
  | 'locations';

export type FieldSpec =
  /** SurveyId: surveys of the chosen source (form: id list; saved: id list). */
  | { type: 'surveys' }
  /** ClosedEndSurveyId: one survey. */
  | { type: 'survey' }
  /** SurveyFlowId: one survey flow. */
  | { type: 'surveyFlow' }
  /**
   * Questions of the chosen surveys. `only` narrows them: 'nps' to 0-10 questions, 'matrix' to matrix groups (a
   * question type starting with MX). `commaJoined` saves the ids as '1,2,3' (OrderedQuestionIds).
   */
  | { type: 'question'; multiple: boolean; only?: 'nps' | 'matrix'; commaJoined?: boolean }
  | { type: 'experience'; multiple: boolean }
  /** A whole number from `min` to `max`, typed. */
  | { type: 'integer'; min: number; max: number }
  /** A tree level from 1 to `max`, chosen. */
  | { type: 'level'; max: number }
  /** One (or with `multiple`, several) of fixed values; `radio` for two or three short ones. */
  | { type: 'choice'; values: readonly (string | number)[]; multiple?: boolean; radio?: boolean }
  | { type: 'boolean' }
  /** A channel, product or location tree (form: node ids; saved: `{ Ids }`). */
  | { type: 'treeSet'; tree: 'channels' | 'products' | 'locations' }
  | { type: 'transactionTypes' }
  /** Segments as 'groupId;id'. */
  | { type: 'segments' }
  | { type: 'segmentGroup' }
  | { type: 'topicModel'; multiple: boolean }
  /** Rows of survey, journey id (1-50), journey name and order (1-50), all required. */
  | { type: 'journeyConfigs' }
  /** Rows of journey stage name and weight, both required. */
  | { type: 'journeyStageWeights' }
  /** Rows of experience and weight, both required. */
  | { type: 'experienceWeights' };

/** Reports spec §9: channel levels 1 to 10; the product tree has 5 levels. */
const CHANNEL_LEVELS = FILTER_TREES.channels.depth;
const PRODUCT_LEVELS = FILTER_TREES.products.depth;
/** Reports spec §9: journey id and order choose from 1 to 50. */
export const JOURNEY_MAX = 50;
/** Reports spec §5, §9: the top-phrase charts' Limit is at most 100. */
export const TOP_PHRASE_LIMIT_MAX = 100;
/** The Limit of other widgets (the contracts' bound). */
export const LIMIT_MAX = 1000;
export const JOURNEY_NAME_MAX = 100;
/** Reports spec §9: custom data slots 1 to 10; NPS question choices 0 to 10. */
const CUSTOM_DATA_SLOTS = 10;

const level = (max: number): FieldSpec => ({ type: 'level', max });
const integer = (min: number, max: number): FieldSpec => ({ type: 'integer', min, max });
const flag: FieldSpec = { type: 'boolean' };
const zeroToTen = Array.from({ length: 11 }, (_, index) => index);

/**
 * The control of a filter property by its registry row: a tree, a lookup list, fixed choices or a switch. Undefined
 * for a property a widget has no field for (TimeColumn has its own, `Date type`).
 */
function filterFieldSpec(field: FilterFieldDefinition): FieldSpec | undefined {
  const multiple = field.kind !== 'id';
  if (field.tree !== undefined) return { type: 'treeSet', tree: field.tree };
  if (field.lookup === 'surveys') return { type: 'surveys' };
  if (field.lookup === 'questions') return { type: 'question', multiple };
  if (field.lookup === 'experiences') return { type: 'experience', multiple };
  if (field.lookup === 'transactionTypes') return { type: 'transactionTypes' };
  if (field.lookup === 'segments') return { type: 'segments' };
  if (field.kind === 'flag') return { type: 'boolean' };
  if (field.choices !== undefined && field.match !== 'none') {
    return field.kind === 'choices'
      ? { type: 'choice', values: field.choices, multiple: true }
      : { type: 'choice', values: field.choices };
  }
  return undefined;
}

/** The widget's own query keys (not filter properties of the registry), by name. */
const QUERY_FIELD_SPECS: Readonly<Record<string, FieldSpec>> = {
  ClosedEndSurveyId: { type: 'survey' },
  SurveyFlowId: { type: 'surveyFlow' },
  NpsQuestionId: { type: 'question', multiple: false, only: 'nps' },
  OrderedQuestionIds: { type: 'question', multiple: true, only: 'matrix', commaJoined: true },
  MatrixAndMatrixLikeMultipleQuestionId: { type: 'question', multiple: false, only: 'matrix' },
  ExperienceWeights: { type: 'experienceWeights' },
  JourneyConfigs: { type: 'journeyConfigs' },
  JourneyStageWeights: { type: 'journeyStageWeights' },
  Scale: { type: 'choice', values: [11, 5], radio: true },
  MeasurementType: { type: 'choice', values: [0, 1, 2, 3] },
  CategoryType: { type: 'choice', values: CATEGORY_TYPES },
  TrendSeriesValue: { type: 'choice', values: ['percentage', 'number'], radio: true },
  TrendTypeField: { type: 'choice', values: ['topics', 'sentimentScore', 'emotions'] },
  GroupBy: {
    type: 'choice',
    values: ['product', 'transactionType', 'journeyStage', 'survey', 'employee', 'experience'],
  },
  Map: { type: 'choice', values: ['TR', 'IN', 'US'] },
  ImpactType: { type: 'choice', values: [1, 2, 3] },
  ImpactValueType: { type: 'choice', values: [1, 2], radio: true },
  /**
   * The top-phrase charts' sentiment choice (top-phrases-widget.ts: the comment's sentiment; the filter compiler
   * applies a widget's SentimentFilter the same way).
   */
  SentimentFilter: { type: 'choice', values: [4, 2, 0], multiple: true },
  NpsGreaterThan: { type: 'choice', values: zeroToTen },
  NpsLesserThan: { type: 'choice', values: zeroToTen },
  ChannelColumnLevel: level(CHANNEL_LEVELS),
  ParentChannelLevel: level(CHANNEL_LEVELS),
  ParentChannelColumnLevel: level(CHANNEL_LEVELS),
  ParentCategoryLevel: level(PRODUCT_LEVELS),
  TopNCount: integer(1, 1000),
  MinimumResponseCount: integer(0, 100_000),
  TopicCount: integer(1, 100),
  PhraseCount: integer(1, 100),
  Limit: integer(1, LIMIT_MAX),
  CustomDataNo: integer(1, CUSTOM_DATA_SLOTS),
  SegmentGroupId: { type: 'segmentGroup' },
  TopicModelId: { type: 'topicModel', multiple: false },
  TopicModelIds: { type: 'topicModel', multiple: true },
  Deviate: flag,
  TopNToggle: flag,
  UseInviteeLocation: flag,
  OnlyMainTopics: flag,
  ShowAsInteger: flag,
  ShowConfidence: flag,
  ShowAverageNps: flag,
  HideEmployeeDetail: flag,
  AddEmployeeInfo: flag,
  AddChannel: flag,
  AddChannelId: flag,
  AddLocation: flag,
  ForEmotionTopics: flag,
  ForTopicHighlights: flag,
  ForEmotionHighlights: flag,
};

/** Every field the dialog can show: the widget's filter properties (from the registry) and its query keys. */
export const FIELD_SPECS: Readonly<Record<string, FieldSpec>> = {
  ...Object.fromEntries(
    filterKeysWhere((field) => field.scopes.includes('widget')).flatMap((key) => {
      const spec = filterFieldSpec(FILTER_FIELDS[key]);
      return spec ? [[key, spec]] : [];
    }),
  ),
  ...QUERY_FIELD_SPECS,
};

/**
 * The general filters section (issue 7; the registry's `widgetGeneral` rows): channel, product and location sets,
 * transaction type, segments, respondent type, only finished, session status. A field the widget's own filters
 * already show is left out.
 */
export const GENERAL_FILTER_FIELDS: readonly string[] = WIDGET_GENERAL_FILTER_KEYS;

/** The lookups a field chooses from. */
export function lookupsOf(spec: FieldSpec): FieldLookup[] {
  switch (spec.type) {
    case 'surveys':
    case 'survey':
    case 'surveyFlow':
      return ['surveys'];
    case 'question':
      return ['questions'];
    case 'experience':
      return ['experiences'];
    case 'experienceWeights':
      return ['experiences', 'weightedExperienceGroups'];
    case 'journeyConfigs':
      return ['surveys'];
    case 'journeyStageWeights':
      return ['journeyStages'];
    case 'segments':
    case 'segmentGroup':
      return ['segments'];
    case 'transactionTypes':
      return ['transactionTypes'];
    case 'topicModel':
      return ['topicModels'];
    case 'treeSet':
      return [spec.tree];
    case 'integer':
    case 'level':
    case 'choice':
    case 'boolean':
      return [];
  }
}
