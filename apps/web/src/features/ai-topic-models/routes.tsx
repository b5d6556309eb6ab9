import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** Topic models, their topics and tools, groups and model labels under the shell; each page loads lazily. */
export const aiTopicModelsRoutes: RouteObject[] = [
  ...recordRoutes(
    'ai-topic-models',
    async () => (await import('./components/topic-models-page')).TopicModelsPage,
    async () => (await import('./components/topic-model-page')).TopicModelPage,
  ),
  {
    path: 'ai-topic-models/:id/topics',
    lazy: async () => ({ Component: (await import('./components/topics-page')).TopicsPage }),
  },
  {
    path: 'ai-topic-models/:topicModelId/topics/create',
    lazy: async () => ({ Component: (await import('./components/topic-page')).TopicPage }),
  },
  {
    path: 'ai-topic-models/:topicModelId/topics/:id',
    lazy: async () => ({ Component: (await import('./components/topic-page')).TopicPage }),
  },
  {
    path: 'ai-topic-models/:id/try',
    lazy: async () => ({ Component: (await import('./components/topic-model-try-page')).TopicModelTryPage }),
  },
  {
    path: 'ai-topic-models/:id/export',
    lazy: async () => ({
      Component: (await import('./components/topic-model-export-page')).TopicModelExportPage,
    }),
  },
  {
    path: 'ai-topic-models/:id/statistics',
    lazy: async () => ({
      Component: (await import('./components/topic-model-statistics-page')).TopicModelStatisticsPage,
    }),
  },
  ...recordRoutes(
    'ai-topic-model-groups',
    async () => (await import('./components/topic-model-groups-page')).TopicModelGroupsPage,
    async () => (await import('./components/topic-model-group-page')).TopicModelGroupPage,
  ),
  {
    path: 'model-label-management',
    lazy: async () => ({
      Component: (await import('./components/model-label-management-page')).ModelLabelManagementPage,
    }),
  },
];
