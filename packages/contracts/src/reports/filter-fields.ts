import { z } from 'zod';
import { MAX_FILTER_IDS, safeText } from '../input-bounds.js';
import {
  ANSWER_SOURCES,
  RespondentType,
  SentimentScore,
  SessionStatus,
  TIME_COLUMN_IDS,
  filterIdOrIdsSchema,
  filterIdsSchema,
  idsOf,
  listOf,
  respondentTypeSchema,
  scoreRangeSchema,
  segmentKeySchema,
  sentimentScoreSchema,
  sessionStatusSchema,
  timeRangeSchema,
  topicFilterSchema,
  treeSetSchema,
  type ScoreRange,
} from './filter-values.js';

/*
 * The filter-field registry (issue 15; docs/architecture.md "Filters"): ONE row per filter property of the
 * Filter object (reports spec §2-§4, surveys spec §3). Whatever lists filter properties reads it: the report
 * filter and widget dataFilters schemas and `normaliseFilter` (report-filter.schema.ts), the server's filter
 * compiler and tree-level loading, and the web's filter panel, chips, report dialog and widget dialog.
 *
 * A row says what the property is (its kind and wire schema), where it applies (scopes), how it selects rows on
 * the analytics replica (match, column, tree) and where the web shows it (panel place, advanced filter name,
 * report dialog, the widget dialog's general filters). Each kind has its wire <-> form converters below.
 * Adding a property is one row here plus, when its kind is new, that kind's converters, match and renderer.
 */

/** Where a filter property applies: the report page, a widget's dataFilters, and the screens sharing the Filter object. */
/** `audience`: a survey's audience and quota conditions (surveys spec §5; docs/surveys-wizard.md). */
export type FilterScope = 'report' | 'widget' | 'alert' | 'inviteePool' | 'dataFlow' | 'audience';

/** The trees a filter chooses nodes of, with their depth: the replica keeps levels 1..depth of each node. */
export const FILTER_TREES = {
  channels: { depth: 10 },
  products: { depth: 5 },
  locations: { depth: 3 },
} as const;
export type FilterTree = keyof typeof FILTER_TREES;

/** The report config's advanced filters (reports spec §3 `advancedFilters`), in the order the report dialog lists them. */
export const ADVANCED_FILTERS = [
  'survey',
  'question',
  'channel',
  'product',
  'segment',
  'transactionType',
] as const;
export type AdvancedFilter = (typeof ADVANCED_FILTERS)[number];

/** The lists a filter's values are chosen from and named by (the trees, and the lookups of docs/api.md). */
export type FilterLookup =
  | FilterTree
  | 'transactionTypes'
  | 'segments'
  | 'experiences'
  | 'journeyStages'
  | 'surveys'
  | 'dataSourceSurveys'
  | 'questions'
  /** Topics of the topic models; `emotions`: the topics of the emotion models (both from the topic-model list). */
  | 'topicModels'
  | 'emotions';

/**
 * The shape of a value, which decides its converters and its renderer:
 * - `ids`: one id or a list (the form holds a list); `id`: the same on the wire, one id in the form;
 * - `treeSet`: `{ Ids }` of nodes of one tree (the form holds the node ids);
 * - `segments`: 'groupId;id' texts; `choices`: any of fixed values; `choice`: one of them; `flag`: true or absent;
 * - `topics`: topic filters per topic model; `scoreRange`: `{ min, max }`; `timeRange`: [from, to]; `text`.
 */
export type FilterKind =
  | 'ids'
  | 'id'
  | 'treeSet'
  | 'segments'
  | 'choices'
  | 'choice'
  | 'flag'
  | 'topics'
  | 'scoreRange'
  | 'timeRange'
  | 'text';

/**
 * How a value selects rows on the replica (the server's filter compiler builds each): `in` the column is one of
 * the values; `tree` a node or below (`<column>_l<level>`); `segments` any segment of each group; `question` the
 * row's own or, on sessions, a session with one; `experience` the sessions that answered one of the experiences
 * on every table, except a widget's own value on facts, the facts of it (what it measures); `equals` the column equals the
 * row's `equals` (or the value) when the value is set; `range` within the bounds; `sentiment`, `labels` the
 * session's or, on comments, the comment's own (`commentColumn`); `freeText` stemmed words; `time` TimeRange on
 * the widget's TimeColumn; `none` selects nothing by itself.
 */
type FilterMatch =
  | 'in'
  | 'tree'
  | 'segments'
  | 'question'
  | 'experience'
  | 'equals'
  | 'range'
  | 'sentiment'
  | 'labels'
  | 'freeText'
  | 'time'
  | 'testAnswers'
  | 'none';

export type FilterFieldDefinition = {
  kind: FilterKind;
  /** The wire value (nullish: absent and null do not filter). */
  schema: z.ZodType;
  scopes: readonly FilterScope[];
  match: FilterMatch;
  /** The replica column it matches; for a tree the prefix of its level columns (`channel` -> channel_l1..l10). */
  column?: string;
  /** The column a `comments` row matches instead (the comment's own sentiment and labels). */
  commentColumn?: string;
  /** Value `equals` matches: the column equals this when the (flag) value is set. */
  equals?: number;
  tree?: FilterTree;
  lookup?: FilterLookup;
  /** The fixed values of a choice, in the order they are offered. */
  choices?: readonly (number | string)[];
  /** The value that means "not set" and is dropped by `normaliseFilter` (SessionStatus 0). */
  unset?: number;
  /**
   * How a report's and a widget's value combine in the compiler; by default each applies (the widget's narrows
   * the report's). `widgetWins`: the widget's value replaces the report's; `either`: set in either applies once.
   */
  combine?: 'widgetWins' | 'either';
  /** Its values count as this property's (any of both): data-source surveys are surveys. */
  joins?: string;
  /** Chosen within this property's values: cleared with it, and only set when it is. */
  dependsOn?: string;
  /** Shown under this property's chip (a widget's single ExperienceId among the ExperienceIds). */
  chipAs?: string;
  /** The report filter panel: its place (and with `aiModule`, only with the AI module, in the text-analytics section). */
  panel?: { order: number; aiModule?: true };
  /** The report config's advanced filter that offers it; the panel's advanced section. */
  advanced?: AdvancedFilter;
  /** One of the report's own fixed filters the report dialog chooses (config.filters). */
  reportDialog?: true;
  /** One of the widget dialog's general filters. */
  widgetGeneral?: true;
  /** The invitee pool's filter panel: the group it is shown in (scope `inviteePool`). */
  poolGroup?: PoolFilterGroup;
};

/** The invitee pool filter panel's collapsible groups, in the panel's order. */
export const POOL_FILTER_GROUPS = ['status', 'transaction', 'invitee', 'customData'] as const;
export type PoolFilterGroup = (typeof POOL_FILTER_GROUPS)[number];

const WITH_WIDGET = ['report', 'widget', 'alert', 'dataFlow'] as const;
const WITHOUT_WIDGET = ['report', 'alert', 'dataFlow'] as const;
/** The rows a survey's audience (and a quota) may be conditioned on, besides CustomData1-10. */
const WITH_WIDGET_AND_AUDIENCE = [...WITH_WIDGET, 'audience'] as const;

/** The longest CustomData value an audience condition or the invitee pool's filter names. */
const CUSTOM_DATA_MAX = 500;
/**
 * An invitee's custom data (REST data CustomData1-10): audience conditions, and the invitee pool's filter (the
 * slot's text contained, case-insensitively).
 */
const customData = {
  kind: 'text',
  schema: safeText(CUSTOM_DATA_MAX).trim().min(1).nullish(),
  scopes: ['audience', 'inviteePool'],
  match: 'none',
  poolGroup: 'customData',
} as const;

/** The largest list of choices an invitee pool filter takes (its elimination reasons). */
const POOL_CHOICES_MAX = 18;
const poolChoices = (values: readonly number[]) => ({
  kind: 'choices' as const,
  schema: z
    .array(
      z
        .number()
        .int()
        .min(Math.min(...values))
        .max(Math.max(...values)),
    )
    .max(POOL_CHOICES_MAX)
    .nullish(),
  choices: values,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The longest free-text search. */
export const FREE_TEXT_MAX = 500;

const FIELDS = {
  TimeRange: { kind: 'timeRange', schema: timeRangeSchema.nullish(), scopes: ['report'], match: 'time' },
  /** The date preset the range came from (e.g. 'thisYear'); informative, TimeRange is what filters. */
  TimePeriod: { kind: 'text', schema: safeText(50).nullish(), scopes: ['report'], match: 'none' },
  /** Which time column a widget's TimeRange is on (default TransactionDateId). */
  TimeColumn: {
    kind: 'choice',
    schema: z.enum(TIME_COLUMN_IDS).nullish(),
    scopes: ['widget'],
    match: 'none',
    choices: TIME_COLUMN_IDS,
  },
  SurveyId: {
    kind: 'ids',
    schema: filterIdOrIdsSchema.nullish(),
    scopes: WITH_WIDGET,
    match: 'in',
    column: 'survey_id',
    lookup: 'surveys',
    panel: { order: 9 },
    advanced: 'survey',
  },
  /** The row's question: a fact's measured one, a comment's open-ended one; sessions with a fact or comment of it. */
  QuestionId: {
    kind: 'ids',
    schema: filterIdOrIdsSchema.nullish(),
    scopes: WITH_WIDGET,
    match: 'question',
    column: 'question_id',
    lookup: 'questions',
    dependsOn: 'SurveyId',
    panel: { order: 10 },
    advanced: 'question',
  },
  ExperienceIds: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: WITH_WIDGET,
    match: 'experience',
    column: 'experience_id',
    lookup: 'experiences',
    panel: { order: 7 },
  },
  ExperienceId: {
    kind: 'id',
    schema: filterIdOrIdsSchema.nullish(),
    scopes: ['widget'],
    match: 'experience',
    column: 'experience_id',
    lookup: 'experiences',
    chipAs: 'ExperienceIds',
  },
  TransactionTypeId: {
    kind: 'ids',
    schema: filterIdOrIdsSchema.nullish(),
    scopes: WITH_WIDGET_AND_AUDIENCE,
    match: 'in',
    column: 'transaction_type_id',
    lookup: 'transactionTypes',
    panel: { order: 1 },
    advanced: 'transactionType',
    reportDialog: true,
    widgetGeneral: true,
  },
  ChannelSet: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: WITH_WIDGET_AND_AUDIENCE,
    match: 'tree',
    column: 'channel',
    tree: 'channels',
    lookup: 'channels',
    panel: { order: 2 },
    advanced: 'channel',
    reportDialog: true,
    widgetGeneral: true,
  },
  ProductSet: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: WITH_WIDGET_AND_AUDIENCE,
    match: 'tree',
    column: 'product',
    tree: 'products',
    lookup: 'products',
    panel: { order: 12 },
    advanced: 'product',
    reportDialog: true,
    widgetGeneral: true,
  },
  /** Where the channel is. */
  ChannelLocationSet: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: WITH_WIDGET,
    match: 'tree',
    column: 'channel_location',
    tree: 'locations',
    lookup: 'locations',
    panel: { order: 4 },
    reportDialog: true,
    widgetGeneral: true,
  },
  /** Where the invitee is. */
  InviteeLocationSet: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: WITH_WIDGET_AND_AUDIENCE,
    match: 'tree',
    column: 'invitee_location',
    tree: 'locations',
    lookup: 'locations',
    panel: { order: 11 },
    reportDialog: true,
    widgetGeneral: true,
  },
  Segments: {
    kind: 'segments',
    schema: z.array(segmentKeySchema).max(MAX_FILTER_IDS).nullish(),
    scopes: [...WITH_WIDGET_AND_AUDIENCE, 'inviteePool'],
    poolGroup: 'invitee',
    match: 'segments',
    column: 'segment_ids',
    lookup: 'segments',
    panel: { order: 3 },
    advanced: 'segment',
    reportDialog: true,
    widgetGeneral: true,
  },
  RespondentType: {
    kind: 'choices',
    schema: z.union([respondentTypeSchema, z.array(respondentTypeSchema).max(3)]).nullish(),
    scopes: WITH_WIDGET,
    match: 'in',
    column: 'respondent_type',
    choices: Object.values(RespondentType),
    panel: { order: 5 },
    widgetGeneral: true,
  },
  /**
   * Test users' answers (test invitations, issue 17) are left out of every report figure unless this is set on the
   * report or the widget (docs/invitations.md).
   */
  IncludeTestAnswers: {
    kind: 'flag',
    schema: z.boolean().nullish(),
    scopes: ['report', 'widget'],
    match: 'testAnswers',
    column: 'is_test',
    combine: 'either',
    widgetGeneral: true,
  },
  /** Survey completion 1 = completed. */
  OnlyFinishedSessions: {
    kind: 'flag',
    schema: z.boolean().nullish(),
    scopes: WITH_WIDGET,
    match: 'equals',
    column: 'completion',
    equals: 1,
    combine: 'either',
    widgetGeneral: true,
  },
  SessionStatus: {
    kind: 'choice',
    schema: sessionStatusSchema.nullish(),
    scopes: WITH_WIDGET,
    match: 'equals',
    column: 'session_status',
    choices: Object.values(SessionStatus),
    unset: SessionStatus.All,
    combine: 'widgetWins',
    panel: { order: 13 },
    widgetGeneral: true,
  },
  JourneyStages: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'in',
    column: 'journey_stage_id',
    lookup: 'journeyStages',
    panel: { order: 6 },
  },
  /** Surveys of the data collector module; counted together with SurveyId. */
  DataSourceSurveyIds: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'in',
    column: 'survey_id',
    joins: 'SurveyId',
    lookup: 'dataSourceSurveys',
    panel: { order: 8 },
    advanced: 'survey',
  },
  /** On the session's NPS answer. */
  ScoreRange: {
    kind: 'scoreRange',
    schema: scoreRangeSchema.nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'range',
    column: 'nps_score',
    panel: { order: 17, aiModule: true },
  },
  /**
   * The session's comment sentiment (on `comments`, the comment's own). A widget may set it too: all four values
   * keep the sessions with an (analysed) comment, e.g. the demo's "commenters' NPS" gauge.
   */
  SentimentFilter: {
    kind: 'choices',
    // One score alone is read as a list of one (the top-phrase widget's dataFilters have always taken either).
    schema: z
      .union([sentimentScoreSchema.transform((score) => [score]), z.array(sentimentScoreSchema).max(4)])
      .nullish(),
    scopes: WITH_WIDGET,
    match: 'sentiment',
    column: 'sentiment_score',
    commentColumn: 'comment_sentiment_score',
    choices: Object.values(SentimentScore),
    panel: { order: 15, aiModule: true },
  },
  /** Emotion ids (topics of emotion models). */
  EmotionDimensionFilters: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'labels',
    column: 'emotion_ids',
    commentColumn: 'emotion_labels',
    lookup: 'emotions',
    panel: { order: 16, aiModule: true },
  },
  UserDimensionFilters2: {
    kind: 'topics',
    schema: z.array(topicFilterSchema).max(100).nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'labels',
    column: 'topic_ids',
    commentColumn: 'topic_labels',
    lookup: 'topicModels',
    panel: { order: 14, aiModule: true },
  },
  /** Where the answers came from, e.g. 'survey', 'rest-api', 'import'. */
  Source: {
    kind: 'choices',
    schema: z.union([safeText(100), z.array(safeText(100)).max(100)]).nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'in',
    column: 'source',
    choices: ANSWER_SOURCES,
    panel: { order: 18, aiModule: true },
  },
  FreeTextFilter: {
    kind: 'text',
    schema: safeText(FREE_TEXT_MAX).nullish(),
    scopes: WITHOUT_WIDGET,
    match: 'freeText',
    column: 'search_terms',
    panel: { order: 19, aiModule: true },
  },
  /*
   * The invitee pool's filter (surveys spec §3 Invitee pool): its own property names over the staged invitees,
   * which modules/imports/invitee-pool.ts compiles on the system of record (the columns below name the replica's
   * equivalents and are not read for this scope). Segments and CustomData1-10 are shared rows.
   */
  /** Staged record statuses (0 new, 1 processed, 2 moved, 3 removed). */
  Statuses: { ...poolChoices(range(0, 3)), scopes: ['inviteePool'], match: 'none', poolGroup: 'status' },
  /** Elimination reasons 1-18 (contracts ELIMINATION_REASON). */
  EliminationReasons: {
    ...poolChoices(range(1, POOL_CHOICES_MAX)),
    scopes: ['inviteePool'],
    match: 'none',
    poolGroup: 'status',
  },
  Surveys: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: ['inviteePool'],
    match: 'in',
    column: 'survey_id',
    lookup: 'surveys',
    poolGroup: 'transaction',
  },
  TransactionTypes: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: ['inviteePool'],
    match: 'in',
    column: 'transaction_type_id',
    lookup: 'transactionTypes',
    poolGroup: 'transaction',
  },
  TransactionChannels: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: ['inviteePool'],
    match: 'tree',
    column: 'channel',
    tree: 'channels',
    lookup: 'channels',
    poolGroup: 'transaction',
  },
  Products: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: ['inviteePool'],
    match: 'tree',
    column: 'product',
    tree: 'products',
    lookup: 'products',
    poolGroup: 'transaction',
  },
  Employees: {
    kind: 'ids',
    schema: filterIdsSchema.nullish(),
    scopes: ['inviteePool'],
    match: 'in',
    column: 'employee_id',
    poolGroup: 'transaction',
  },
  InviteeLocations: {
    kind: 'treeSet',
    schema: treeSetSchema.nullish(),
    scopes: ['inviteePool'],
    match: 'tree',
    column: 'invitee_location',
    tree: 'locations',
    lookup: 'locations',
    poolGroup: 'invitee',
  },
  CustomData1: customData,
  CustomData2: customData,
  CustomData3: customData,
  CustomData4: customData,
  CustomData5: customData,
  CustomData6: customData,
  CustomData7: customData,
  CustomData8: customData,
  CustomData9: customData,
  CustomData10: customData,
} as const satisfies Record<string, FilterFieldDefinition>;

type Fields = typeof FIELDS;
/** A filter property. */
export type FilterFieldKey = keyof Fields;
type KeysWhere<Condition> = {
  [K in FilterFieldKey]: Fields[K] extends Condition ? K : never;
}[FilterFieldKey];
/** The properties of a scope. */
type ScopeFilterKey<Scope extends FilterScope> = {
  [K in FilterFieldKey]: Scope extends Fields[K]['scopes'][number] ? K : never;
}[FilterFieldKey];
/** The invitee pool filter's properties. */
export type PoolFilterKey = ScopeFilterKey<'inviteePool'>;
/** The properties the report filter panel offers. */
export type PanelFilterKey = KeysWhere<{ panel: object }>;
/** The report's own fixed filters the report dialog chooses. */
export type ReportDialogFilterKey = KeysWhere<{ reportDialog: true }>;
/** The widget dialog's general filters. */
export type WidgetGeneralFilterKey = KeysWhere<{ widgetGeneral: true }>;
/** The flags (true or absent: OnlyFinishedSessions). */
export type FlagFilterKey = KeysWhere<{ kind: 'flag' }>;
/** The `{ key: schema }` shape of a scope's properties, for z.object. */
export type FilterShape<Scope extends FilterScope> = { [K in ScopeFilterKey<Scope>]: Fields[K]['schema'] };

/** The registry, by property, in its canonical order (the schemas' key order; a widget card's chips). */
export const FILTER_FIELDS: Readonly<Record<FilterFieldKey, FilterFieldDefinition>> = FIELDS;
export const FILTER_FIELD_KEYS = Object.keys(FIELDS) as FilterFieldKey[];

/** The row of a property, or undefined for a key that is none (a widget's own query keys, unknown keys). */
export function filterFieldOf(key: string): FilterFieldDefinition | undefined {
  return Object.hasOwn(FIELDS, key) ? FILTER_FIELDS[key as FilterFieldKey] : undefined;
}

/** The properties whose rows pass `test`, in the registry's order. */
export function filterKeysWhere<K extends FilterFieldKey = FilterFieldKey>(
  test: (field: FilterFieldDefinition, key: FilterFieldKey) => boolean,
): K[] {
  return FILTER_FIELD_KEYS.filter((key) => test(FILTER_FIELDS[key], key)) as K[];
}

/** The schema shape of a scope's properties, in the registry's order. */
export function filterShape<Scope extends FilterScope>(scope: Scope): FilterShape<Scope> {
  const keys = filterKeysWhere((field) => field.scopes.includes(scope));
  return Object.fromEntries(keys.map((key) => [key, FILTER_FIELDS[key].schema])) as FilterShape<Scope>;
}

const treesFirst = <K extends FilterFieldKey>(keys: K[]): K[] => [
  ...keys.filter((key) => FILTER_FIELDS[key].kind === 'treeSet'),
  ...keys.filter((key) => FILTER_FIELDS[key].kind !== 'treeSet'),
];

/** The panel's filters in the panel's order (reports spec §2). */
export const PANEL_FILTER_KEYS: readonly PanelFilterKey[] = filterKeysWhere<PanelFilterKey>(
  (field) => field.panel !== undefined,
).sort((a, b) => FILTER_FIELDS[a].panel!.order - FILTER_FIELDS[b].panel!.order);

/** The invitee pool filter panel's properties, in the registry's order. */
export const POOL_FILTER_KEYS: readonly PoolFilterKey[] = filterKeysWhere<PoolFilterKey>((field) =>
  field.scopes.includes('inviteePool'),
);

/** The report dialog's fixed filters: the trees, then the lists. */
export const REPORT_DIALOG_FILTER_KEYS: readonly ReportDialogFilterKey[] = treesFirst(
  filterKeysWhere<ReportDialogFilterKey>((field) => field.reportDialog === true),
);

/** The widget dialog's general filters: the trees, then the others. */
export const WIDGET_GENERAL_FILTER_KEYS: readonly WidgetGeneralFilterKey[] = treesFirst(
  filterKeysWhere<WidgetGeneralFilterKey>((field) => field.widgetGeneral === true),
);

/** A single value of a filter as a chip names it: an id, a code, a text, or the score range. */
export type FilterValue = number | string | ScoreRange;

/** A kind's converters: its values as a list (chips, the compiler's lists), and its wire value <-> form value. */
type KindConverters = {
  values: (wire: unknown) => FilterValue[];
  /** The value a form control holds for a wire value. */
  toForm: (wire: unknown) => unknown;
  /** The wire value of a form value (`previous`: the stored one, whose other keys a tree set keeps); undefined removes it. */
  toWire: (form: unknown, previous?: unknown) => unknown;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const orNothing = <T>(items: T[]): T[] | undefined => (items.length > 0 ? items : undefined);
const asIs = (value: unknown) => value;
const listed = (value: unknown) => listOf(value as FilterValue | FilterValue[] | null | undefined);
/** Whole numbers only (a tree set's ids are numbers on the wire). */
const nodeIds = (value: unknown): number[] =>
  (Array.isArray(value) ? value : []).filter((item): item is number => Number.isInteger(item));
const segmentKeys = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => segmentKeySchema.safeParse(item).success)
    : [];

const ids: KindConverters = {
  values: listed,
  toForm: idsOf,
  toWire: (form) => orNothing(idsOf(form)),
};
const text: KindConverters = { values: listed, toForm: asIs, toWire: asIs };

export const FILTER_KINDS: Readonly<Record<FilterKind, KindConverters>> = {
  ids,
  id: { values: listed, toForm: (wire) => idsOf(wire)[0], toWire: (form) => idsOf(form)[0] },
  treeSet: {
    values: (wire) => (isObject(wire) ? nodeIds(wire.Ids) : []),
    // A bare list of ids reads as the set too.
    toForm: (wire) => nodeIds(isObject(wire) ? wire.Ids : wire),
    toWire: (form, previous) => {
      const nodes = idsOf(form);
      return nodes.length > 0 ? { ...(isObject(previous) ? previous : {}), Ids: nodes } : undefined;
    },
  },
  segments: { values: listed, toForm: segmentKeys, toWire: (form) => orNothing(segmentKeys(form)) },
  choices: {
    values: listed,
    toForm: listed,
    toWire: (form) => (Array.isArray(form) ? orNothing([...(form as unknown[])]) : undefined),
  },
  choice: { values: listed, toForm: (wire) => wire ?? undefined, toWire: (form) => form ?? undefined },
  flag: {
    values: () => [],
    toForm: (wire) => wire === true,
    toWire: (form) => (form === true ? true : undefined),
  },
  topics: {
    values: (wire) =>
      Array.isArray(wire) ? wire.flatMap((topics) => (isObject(topics) ? nodeIds(topics.TopicIds) : [])) : [],
    toForm: asIs,
    toWire: asIs,
  },
  scoreRange: { values: (wire) => (isObject(wire) ? [wire as ScoreRange] : []), toForm: asIs, toWire: asIs },
  timeRange: { values: listed, toForm: asIs, toWire: asIs },
  text,
};

/** A filter's values as a list: tree sets by their ids, topic filters by their topics, a score range as itself. */
export function filterValues(key: FilterFieldKey, wire: unknown): FilterValue[] {
  return FILTER_KINDS[FILTER_FIELDS[key].kind].values(wire);
}

/** A filter's wire value as its form control holds it. */
export function filterToForm(key: FilterFieldKey, wire: unknown): unknown {
  return FILTER_KINDS[FILTER_FIELDS[key].kind].toForm(wire);
}

/** A form value as the filter's wire value (undefined: none); `previous` is the stored value. */
export function filterToWire(key: FilterFieldKey, form: unknown, previous?: unknown): unknown {
  return FILTER_KINDS[FILTER_FIELDS[key].kind].toWire(form, previous);
}

/** The properties that depend on `key` (chosen within its values): QuestionId on SurveyId. */
export function filterDependants(key: string): FilterFieldKey[] {
  return filterKeysWhere((field) => field.dependsOn === key);
}
