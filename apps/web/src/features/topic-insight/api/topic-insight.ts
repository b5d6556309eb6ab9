import {
  topicDiscoverySchema,
  topicExplorerSchema,
  type TopicDiscoveryRequest,
  type TopicExplorerRequest,
} from '@loupe/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/insight/topic-discovery`: a page of the selection's comments and the model's topic tree. */
export function useTopicDiscovery(body: TopicDiscoveryRequest | null) {
  return useQuery({
    queryKey: ['topic-discovery', body],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/insight/topic-discovery',
        method: 'POST',
        body,
        schema: topicDiscoverySchema,
        signal,
      }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/insight/topic-explorer`: the model's topics per period. */
export function useTopicExplorer(body: TopicExplorerRequest | null) {
  return useQuery({
    queryKey: ['topic-explorer', body],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/insight/topic-explorer',
        method: 'POST',
        body,
        schema: topicExplorerSchema,
        signal,
      }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
