import {
  weightedExperienceGroupItemSchema,
  type CodedItem,
  type ExperienceItem,
  type JourneyStageItem,
  type LookupTreeNode,
  type SegmentGroupItem,
  type TopicModelItem,
  type QuestionLookupItem,
  type SurveyLookupItem,
  type WeightedExperienceGroupItem,
} from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { useFilterList } from '@/components/report-filter/api/get-filter-lists';
import { useFilterTree } from '@/components/report-filter/api/get-filter-tree';
import { useSurveyQuestions } from '@/components/report-filter/api/get-survey-questions';
import { LOOKUP_STALE_TIME, filterKeys } from '@/components/report-filter/api/filter-query-keys';
import { apiRequest } from '@/lib/api-client';
import { FIELD_SPECS, lookupsOf, type FieldLookup } from './filter-field-specs';

/*
 * The lists the widget form's fields choose from, shared with the report filter panel (the same queries and
 * cache): each loads only when a shown field needs it, once, for five minutes. A failed list leaves its field
 * empty with a note.
 */

/** `GET /api/filters/weighted-experience-groups`: ready-made experience weights. */
function useWeightedExperienceGroups(enabled: boolean) {
  return useQuery({
    queryKey: filterKeys.lookup('weightedExperienceGroups'),
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/filters/weighted-experience-groups',
        schema: z.array(weightedExperienceGroupItemSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: LOOKUP_STALE_TIME,
    enabled,
  });
}

type LookupState = { loading: boolean; failed: boolean };

export type WidgetLookups = {
  surveys: SurveyLookupItem[];
  questions: QuestionLookupItem[];
  experiences: ExperienceItem[];
  weightedExperienceGroups: WeightedExperienceGroupItem[];
  segments: SegmentGroupItem[];
  transactionTypes: CodedItem[];
  journeyStages: JourneyStageItem[];
  topicModels: TopicModelItem[];
  trees: Record<'channels' | 'products' | 'locations', LookupTreeNode[]>;
  /** The survey of each loaded question, for dropping questions of surveys no longer chosen. */
  surveyOfQuestion: ReadonlyMap<number, number>;
  stateOf: (lookup: FieldLookup) => LookupState;
};

/**
 * The lookups of the shown `fields`; `surveyIds` are the surveys whose questions the question fields offer.
 * The experiences always load when ExperienceId is shown: the Scale rule reads their measurement types.
 */
export function useWidgetLookups({
  fields,
  surveyIds,
  enabled = true,
}: {
  fields: readonly string[];
  surveyIds: readonly number[];
  enabled?: boolean;
}): WidgetLookups {
  const needed = useMemo(
    () => new Set(fields.flatMap((name) => (FIELD_SPECS[name] ? lookupsOf(FIELD_SPECS[name]) : []))),
    [fields],
  );
  const needs = (lookup: FieldLookup) => enabled && needed.has(lookup);

  const surveys = useFilterList('surveys', needs('surveys'));
  const experiences = useFilterList('experiences', needs('experiences'));
  const segments = useFilterList('segments', needs('segments'));
  const transactionTypes = useFilterList('transactionTypes', needs('transactionTypes'));
  const journeyStages = useFilterList('journeyStages', needs('journeyStages'));
  const topicModels = useFilterList('topicModels', needs('topicModels'));
  const weighted = useWeightedExperienceGroups(needs('weightedExperienceGroups'));
  const channels = useFilterTree('channels', needs('channels'));
  const products = useFilterTree('products', needs('products'));
  const locations = useFilterTree('locations', needs('locations'));
  const questions = useSurveyQuestions(surveyIds, needs('questions'));

  const surveyOfQuestion = useMemo(
    () => new Map(questions.questions.map((question) => [question.Id, question.SurveyId] as const)),
    [questions.questions],
  );

  const queries = {
    surveys,
    experiences,
    segments,
    transactionTypes,
    journeyStages,
    topicModels,
    weightedExperienceGroups: weighted,
    channels,
    products,
    locations,
  };

  return {
    surveys: surveys.data ?? [],
    questions: questions.questions,
    experiences: experiences.data ?? [],
    weightedExperienceGroups: weighted.data ?? [],
    segments: segments.data ?? [],
    transactionTypes: transactionTypes.data ?? [],
    journeyStages: journeyStages.data ?? [],
    topicModels: topicModels.data ?? [],
    trees: { channels: channels.data ?? [], products: products.data ?? [], locations: locations.data ?? [] },
    surveyOfQuestion,
    stateOf: (lookup) => {
      if (lookup === 'questions') return { loading: questions.isLoading, failed: questions.isError };
      const query = queries[lookup];
      return { loading: query.isLoading, failed: query.isError };
    },
  };
}
