import {
  codedItemSchema,
  employeeItemSchema,
  experienceItemSchema,
  journeyStageItemSchema,
  segmentGroupItemSchema,
  surveyLookupItemSchema,
  topicModelItemSchema,
  type CodedItem,
  type EmployeeItem,
  type ExperienceItem,
  type JourneyStageItem,
  type SegmentGroupItem,
  type SurveyLookupItem,
  type TopicModelItem,
} from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z, type ZodType } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { LOOKUP_STALE_TIME, filterKeys } from './filter-query-keys';

/*
 * The flat lookups of the filter panel (docs/api.md "Lookups for filters and forms"), each loaded once and reused
 * by the panel and the chips. A failed list leaves its field empty with a note, without the error dialog.
 */

type Items = {
  transactionTypes: CodedItem;
  segments: SegmentGroupItem;
  experiences: ExperienceItem;
  journeyStages: JourneyStageItem;
  surveys: SurveyLookupItem;
  topicModels: TopicModelItem;
  employees: EmployeeItem;
};

export type FilterList = keyof Items;

const LISTS: { [L in FilterList]: { path: string; item: ZodType<Items[L]> } } = {
  transactionTypes: { path: '/api/filters/transactionTypes', item: codedItemSchema },
  segments: { path: '/api/filters/segments', item: segmentGroupItemSchema },
  experiences: { path: '/api/filters/experiences', item: experienceItemSchema },
  journeyStages: { path: '/api/journeyStages', item: journeyStageItemSchema },
  surveys: { path: '/api/surveys?isForFilter=true', item: surveyLookupItemSchema },
  /** Topic models and emotion models: topics for UserDimensionFilters2, emotions for EmotionDimensionFilters. */
  topicModels: { path: '/api/filters/topic-models-with-emotion', item: topicModelItemSchema },
  /** The invitee pool's filter and the create-invitee form. */
  employees: { path: '/api/filters/employees', item: employeeItemSchema },
};

/** `GET` one of the lookups above. */
function getFilterList<L extends FilterList>(list: L, signal?: AbortSignal): Promise<Items[L][]> {
  const { path, item } = LISTS[list];
  return apiRequest({
    path,
    schema: z.array(item),
    signal,
    showErrorDialog: false,
  });
}

function filterListQueryOptions<L extends FilterList>(list: L) {
  return queryOptions({
    queryKey: filterKeys.lookup(list),
    queryFn: ({ signal }) => getFilterList(list, signal),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useFilterList<L extends FilterList>(list: L, enabled = true) {
  return useQuery({ ...filterListQueryOptions(list), enabled });
}
