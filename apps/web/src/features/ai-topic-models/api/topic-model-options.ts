import { useQuery } from '@tanstack/react-query';
import { aiTopicModelSchema, aiTopicSchema, GRID_MAX_TOP, gridPageSchema } from '@loupe/contracts';
import { apiRequest } from '@/lib/api-client';
import { TOPIC_MODELS_ENDPOINT } from './topic-models';
import { topicsEndpoint } from './topics';

/*
 * The lists the forms choose from: the tenant's topic models and a model's topics (datasets and annotation works:
 * useLookupRows in components/admin-page/id-lookup-select.tsx). Each reads
 * the first GRID_MAX_TOP rows of its grid by name (a tenant has far fewer).
 */

const firstPage = `?$top=${GRID_MAX_TOP}&$orderby=Name asc`;

/** Every topic model of the tenant (groups, label management). */
export function useAllTopicModels() {
  return useQuery({
    queryKey: [TOPIC_MODELS_ENDPOINT, 'all'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: TOPIC_MODELS_ENDPOINT + firstPage,
        schema: gridPageSchema(aiTopicModelSchema),
        signal,
      }),
    select: (page) => page.Items,
  });
}

/** The topics of a model (parents, label management); none while `modelId` is undefined. */
export function useModelTopics(modelId: number | undefined) {
  return useQuery({
    queryKey: [TOPIC_MODELS_ENDPOINT, modelId, 'topics', 'all'],
    enabled: modelId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: topicsEndpoint(modelId ?? 0) + firstPage,
        schema: gridPageSchema(aiTopicSchema),
        signal,
      }),
    select: (page) => page.Items,
  });
}
