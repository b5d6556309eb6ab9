import {
  DATA_SOURCE_SURVEY_TYPE,
  FILTER_FIELDS,
  PANEL_FILTER_KEYS,
  type FilterLookup,
  type LookupTreeNode,
  type TopicModelItem,
} from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterList, type FilterList } from './api/get-filter-lists';
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
type SelectOption = { value: number | string; label: string };
/** A titled group of choices (segments by segment group). */
type SelectGroup = { label: string; title: string; options: SelectOption[] };

/** A topic tree node: a model (not selectable, value `model:<id>`) or one of its topics. */
type TopicOption = {
  value: number | string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: TopicOption[];
};

type Lookup = FilterTreeList | FilterList | 'questions';

/** The list each registry lookup loads: both survey lookups load the surveys, topics and emotions the topic models. */
const LIST_OF: Record<FilterLookup, Lookup> = {
  channels: 'channels',
  products: 'products',
  locations: 'locations',
  transactionTypes: 'transactionTypes',
  segments: 'segments',
  experiences: 'experiences',
  journeyStages: 'journeyStages',
  surveys: 'surveys',
  dataSourceSurveys: 'surveys',
  questions: 'questions',
  topicModels: 'topicModels',
  emotions: 'topicModels',
};

/** The list a filter chooses from; none for the filters with fixed choices or free input. */
function lookupOf(key: FilterKey): Lookup | null {
  const { lookup } = FILTER_FIELDS[key];
  return lookup === undefined ? null : LIST_OF[lookup];
}

type FieldState = { loading: boolean; failed: boolean };

export type FilterOptions = {
  trees: Record<FilterTreeList, LookupTreeNode[]>;
  selects: Partial<Record<FilterKey, (SelectOption | SelectGroup)[]>>;
  /** The topic trees of the topic and emotion filters. */
  topics: Partial<Record<FilterKey, TopicOption[]>>;
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
  const needs = (lookup: Lookup) => enabled && keys.some((key) => lookupOf(key) === lookup);

  const channels = useFilterTree('channels', needs('channels'));
  const products = useFilterTree('products', needs('products'));
  const locations = useFilterTree('locations', needs('locations'));
  const transactionTypes = useFilterList('transactionTypes', needs('transactionTypes'));
  const segments = useFilterList('segments', needs('segments'));
  const experiences = useFilterList('experiences', needs('experiences'));
  const journeyStages = useFilterList('journeyStages', needs('journeyStages'));
  const surveys = useFilterList('surveys', needs('surveys'));
  const topicModels = useFilterList('topicModels', needs('topicModels'));
  // No report filter chooses employees yet; the map below names every list.
  const employees = useFilterList('employees', needs('employees'));
  const questions = useSurveyQuestions(surveyIds, needs('questions'));

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
    const byLookup: Partial<Record<FilterLookup, (SelectOption | SelectGroup)[]>> = {
      transactionTypes: (transactionTypes.data ?? []).map((item) => ({ value: item.Id, label: item.Name })),
      segments: (segments.data ?? []).map((group) => ({
        label: group.Name,
        title: group.Name,
        options: group.Children.map((segment) => ({ value: segment.Value, label: segment.Name })),
      })),
      journeyStages: [...(journeyStages.data ?? [])]
        .sort((a, b) => a.Order - b.Order)
        .map((stage) => ({ value: stage.Id, label: stage.Name })),
      experiences: (experiences.data ?? []).map((item) => ({ value: item.Id, label: item.Name })),
      surveys: own.map((survey) => ({ value: survey.Id, label: survey.Title })),
      dataSourceSurveys: external.map((survey) => ({
        value: survey.Id,
        label: survey.SourceName ? `${survey.Title} (${survey.SourceName})` : survey.Title,
      })),
      questions: questions.questions.map((question) => ({ value: question.Id, label: question.Text })),
    };
    const result: Partial<Record<FilterKey, (SelectOption | SelectGroup)[]>> = {};
    // The key of a fixed choice's text is built from the registry row, so it is none of the typed keys.
    const choiceText = t as unknown as (key: string) => string;
    for (const key of PANEL_FILTER_KEYS) {
      const { lookup, choices } = FILTER_FIELDS[key];
      if (lookup !== undefined && byLookup[lookup]) result[key] = byLookup[lookup];
      // A fixed choice is named `choices.<filter>.<value>` in the filters texts.
      else if (choices)
        result[key] = choices.map((value) => ({ value, label: choiceText(`choices.${key}.${value}`) }));
    }
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

  const topics = useMemo(() => {
    const result: Partial<Record<FilterKey, TopicOption[]>> = {};
    for (const key of PANEL_FILTER_KEYS) {
      const { lookup } = FILTER_FIELDS[key];
      if (lookup === 'topicModels' || lookup === 'emotions') {
        result[key] = topicOptions(topicModels.data ?? [], lookup === 'emotions');
      }
    }
    return result;
  }, [topicModels.data]);

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
    const treeNamesOf = {
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
      // Tree and topic values are named by their lookups, segments with their group, the others by their options.
      const { tree, lookup } = FILTER_FIELDS[key];
      if (tree !== undefined) return treeNamesOf[tree].get(Number(value)) ?? fallback;
      if (lookup === 'topicModels' || lookup === 'emotions') return topicNames.get(Number(value)) ?? fallback;
      if (lookup === 'segments') return segmentNames.get(fallback) ?? fallback;
      return flatLabels.get(`${key}:${fallback}`) ?? fallback;
    };
  }, [channels.data, products.data, locations.data, topicModels.data, segments.data, selects]);

  const stateOf = (key: FilterKey): FieldState => {
    const lookup = lookupOf(key);
    if (lookup === null) return { loading: false, failed: false };
    if (lookup === 'questions') return { loading: questions.isLoading, failed: questions.isError };
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
      employees,
    }[lookup];
    return { loading: query.isLoading, failed: query.isError };
  };

  return { trees, selects, topics, modelOfTopic, surveyOfQuestion, labelOf, stateOf };
}
