import {
  RespondentType,
  SentimentScore,
  SessionStatus,
  type LookupTreeNode,
  type TopicModelItem,
} from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterList } from './api/get-filter-lists';
import { useFilterTree, type FilterTreeList } from './api/get-filter-tree';
import { useSurveyQuestions } from './api/get-survey-questions';
import { formatScoreRange, type ChipValue } from './chip-summary';
import type { FilterKey, FilterRestrictions } from './panel-filter';
import { treeNames, trimTree } from './tree-options';

/*
 * The options of every filter and the labels of chosen values, from the lookups a set of filters needs. Each
 * lookup loads only when a filter needing it is shown, once, and is shared by the panel and the chips.
 */

/** A choice of a flat select. */
export type SelectOption = { value: number | string; label: string };
/** A titled group of choices (segments by segment group). */
export type SelectGroup = { label: string; title: string; options: SelectOption[] };

/** A topic tree node: a model (not selectable, value `model:<id>`) or one of its topics. */
export type TopicOption = {
  value: number | string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: TopicOption[];
};

/** Where the answers came from (the replica's `source`, reports spec §2 "Source"). */
export const SOURCES = ['survey', 'rest-api', 'import'] as const;

/** Survey type 4 is an external source fed by the data collector: those are the DataSourceSurveyIds. */
export const DATA_SOURCE_SURVEY_TYPE = 4;

const SENTIMENT_NAMES = {
  [SentimentScore.Positive]: 'positive',
  [SentimentScore.Neutral]: 'neutral',
  [SentimentScore.Negative]: 'negative',
  [SentimentScore.Unclassified]: 'unclassified',
} as const;
const SOURCE_NAMES = { survey: 'survey', 'rest-api': 'restApi', import: 'import' } as const;

type Lookup =
  | FilterTreeList
  | 'transactionTypes'
  | 'segments'
  | 'experiences'
  | 'journeyStages'
  | 'surveys'
  | 'topicModels';

/** The lookup each filter chooses from; none for the filters with fixed choices or free input. */
const LOOKUP_OF: Record<FilterKey, Lookup | null> = {
  TransactionTypeId: 'transactionTypes',
  ChannelSet: 'channels',
  Segments: 'segments',
  ChannelLocationSet: 'locations',
  RespondentType: null,
  JourneyStages: 'journeyStages',
  ExperienceIds: 'experiences',
  DataSourceSurveyIds: 'surveys',
  SurveyId: 'surveys',
  QuestionId: null,
  InviteeLocationSet: 'locations',
  ProductSet: 'products',
  SessionStatus: null,
  UserDimensionFilters2: 'topicModels',
  SentimentFilter: null,
  EmotionDimensionFilters: 'topicModels',
  ScoreRange: null,
  Source: null,
  FreeTextFilter: null,
};

export type FieldState = { loading: boolean; failed: boolean };

export type FilterOptions = {
  trees: Record<FilterTreeList, LookupTreeNode[]>;
  selects: Partial<Record<FilterKey, (SelectOption | SelectGroup)[]>>;
  topics: { UserDimensionFilters2: TopicOption[]; EmotionDimensionFilters: TopicOption[] };
  /** The model of each topic and emotion, to group chosen topics into UserDimensionFilters2 entries. */
  modelOfTopic: ReadonlyMap<number, number>;
  /** The survey of each loaded question, to drop questions whose survey is no longer chosen. */
  surveyOfQuestion: ReadonlyMap<number, number>;
  /** The text a chip and a tag show for a value; the value itself while its lookup loads. */
  labelOf: (key: FilterKey, value: ChipValue) => string;
  stateOf: (key: FilterKey) => FieldState;
};

function topicOptions(models: readonly TopicModelItem[], emotion: boolean): TopicOption[] {
  return models
    .filter((model) => model.IsEmotionModel === emotion)
    .map((model) => {
      const topicsOf = (parentId: number | null): TopicOption[] =>
        model.Topics.filter((topic) => topic.ParentId === parentId).map((topic) => {
          const children = topicsOf(topic.Id);
          return { value: topic.Id, title: topic.Name, ...(children.length > 0 ? { children } : {}) };
        });
      return {
        value: `model:${model.Id}`,
        title: model.Name,
        selectable: false,
        children: topicsOf(null),
      };
    });
}

/**
 * The options and labels of the given filters. `enabled` false loads nothing (a closed panel); `surveyIds` are
 * the surveys whose questions QuestionId offers.
 */
export function useFilterOptions({
  keys,
  enabled = true,
  restrictions,
  surveyIds = [],
}: {
  keys: readonly FilterKey[];
  enabled?: boolean;
  restrictions?: FilterRestrictions;
  surveyIds?: readonly number[];
}): FilterOptions {
  const { t } = useTranslation('filters');
  const needs = (lookup: Lookup) => enabled && keys.some((key) => LOOKUP_OF[key] === lookup);

  const channels = useFilterTree('channels', needs('channels'));
  const products = useFilterTree('products', needs('products'));
  const locations = useFilterTree('locations', needs('locations'));
  const transactionTypes = useFilterList('transactionTypes', needs('transactionTypes'));
  const segments = useFilterList('segments', needs('segments'));
  const experiences = useFilterList('experiences', needs('experiences'));
  const journeyStages = useFilterList('journeyStages', needs('journeyStages'));
  const surveys = useFilterList('surveys', needs('surveys'));
  const topicModels = useFilterList('topicModels', needs('topicModels'));
  const questions = useSurveyQuestions(surveyIds, enabled && keys.includes('QuestionId'));

  const trees = useMemo(
    () => ({
      channels: trimTree(channels.data ?? [], restrictions?.channelIds),
      products: trimTree(products.data ?? [], restrictions?.productIds),
      locations: locations.data ?? [],
    }),
    [channels.data, products.data, locations.data, restrictions?.channelIds, restrictions?.productIds],
  );

  const selects = useMemo(() => {
    const own = (surveys.data ?? []).filter((survey) => survey.Type !== DATA_SOURCE_SURVEY_TYPE);
    const external = (surveys.data ?? []).filter((survey) => survey.Type === DATA_SOURCE_SURVEY_TYPE);
    const result: Partial<Record<FilterKey, (SelectOption | SelectGroup)[]>> = {
      TransactionTypeId: (transactionTypes.data ?? []).map((item) => ({ value: item.Id, label: item.Name })),
      Segments: (segments.data ?? []).map((group) => ({
        label: group.Name,
        title: group.Name,
        options: group.Children.map((segment) => ({ value: segment.Value, label: segment.Name })),
      })),
      JourneyStages: [...(journeyStages.data ?? [])]
        .sort((a, b) => a.Order - b.Order)
        .map((stage) => ({ value: stage.Id, label: stage.Name })),
      ExperienceIds: (experiences.data ?? []).map((item) => ({ value: item.Id, label: item.Name })),
      SurveyId: own.map((survey) => ({ value: survey.Id, label: survey.Title })),
      DataSourceSurveyIds: external.map((survey) => ({
        value: survey.Id,
        label: survey.SourceName ? `${survey.Title} (${survey.SourceName})` : survey.Title,
      })),
      QuestionId: questions.questions.map((question) => ({ value: question.Id, label: question.Text })),
      RespondentType: Object.values(RespondentType).map((value) => ({
        value,
        label: t(`respondentType.${value}`),
      })),
      SessionStatus: Object.values(SessionStatus).map((value) => ({
        value,
        label: t(`sessionStatus.${value}`),
      })),
      SentimentFilter: Object.values(SentimentScore).map((value) => ({
        value,
        label: t(`sentiment.${SENTIMENT_NAMES[value]}`),
      })),
      Source: SOURCES.map((value) => ({ value, label: t(`source.${SOURCE_NAMES[value]}`) })),
    };
    return result;
  }, [
    t,
    transactionTypes.data,
    segments.data,
    journeyStages.data,
    experiences.data,
    surveys.data,
    questions.questions,
  ]);

  const topics = useMemo(
    () => ({
      UserDimensionFilters2: topicOptions(topicModels.data ?? [], false),
      EmotionDimensionFilters: topicOptions(topicModels.data ?? [], true),
    }),
    [topicModels.data],
  );

  const modelOfTopic = useMemo(
    () =>
      new Map(
        (topicModels.data ?? []).flatMap((model) =>
          model.Topics.map((topic) => [topic.Id, model.Id] as const),
        ),
      ),
    [topicModels.data],
  );

  const surveyOfQuestion = useMemo(
    () => new Map(questions.questions.map((question) => [question.Id, question.SurveyId] as const)),
    [questions.questions],
  );

  const labelOf = useMemo(() => {
    const names = {
      channels: treeNames(channels.data ?? []),
      products: treeNames(products.data ?? []),
      locations: treeNames(locations.data ?? []),
    };
    const topicNames = new Map(
      (topicModels.data ?? []).flatMap((model) =>
        model.Topics.map((topic) => [topic.Id, topic.Name] as const),
      ),
    );
    const segmentNames = new Map(
      (segments.data ?? []).flatMap((group) =>
        group.Children.map((segment) => [segment.Value, segment.NameWithGroup] as const),
      ),
    );
    const flatLabels = new Map<string, string>();
    for (const [key, options] of Object.entries(selects)) {
      for (const option of options ?? []) {
        if ('options' in option) continue;
        flatLabels.set(`${key}:${String(option.value)}`, option.label);
      }
    }
    return (key: FilterKey, value: ChipValue): string => {
      if (typeof value === 'object') return formatScoreRange(value);
      const fallback = String(value);
      // Tree and topic values are named by their lookups, the others by their select options.
      switch (key) {
        case 'ChannelSet':
          return names.channels.get(Number(value)) ?? fallback;
        case 'ProductSet':
          return names.products.get(Number(value)) ?? fallback;
        case 'ChannelLocationSet':
        case 'InviteeLocationSet':
          return names.locations.get(Number(value)) ?? fallback;
        case 'UserDimensionFilters2':
        case 'EmotionDimensionFilters':
          return topicNames.get(Number(value)) ?? fallback;
        case 'Segments':
          return segmentNames.get(fallback) ?? fallback;
        case 'TransactionTypeId':
        case 'RespondentType':
        case 'JourneyStages':
        case 'ExperienceIds':
        case 'DataSourceSurveyIds':
        case 'SurveyId':
        case 'QuestionId':
        case 'SessionStatus':
        case 'SentimentFilter':
        case 'Source':
          return flatLabels.get(`${key}:${fallback}`) ?? fallback;
        case 'ScoreRange':
        case 'FreeTextFilter':
          return fallback;
      }
    };
  }, [channels.data, products.data, locations.data, topicModels.data, segments.data, selects]);

  const stateOf = (key: FilterKey): FieldState => {
    const lookup = LOOKUP_OF[key];
    if (key === 'QuestionId') return { loading: questions.isLoading, failed: questions.isError };
    if (lookup === null) return { loading: false, failed: false };
    const query = {
      channels,
      products,
      locations,
      transactionTypes,
      segments,
      experiences,
      journeyStages,
      surveys,
      topicModels,
    }[lookup];
    return { loading: query.isLoading, failed: query.isError };
  };

  return { trees, selects, topics, modelOfTopic, surveyOfQuestion, labelOf, stateOf };
}
