import type { RouteObject } from 'react-router';

/** Topic discovery and the topic explorer under the shell (issue 20 items 3, 4; docs/topic-insight.md); lazy. */
export const topicInsightRoutes: RouteObject[] = [
  {
    path: 'topic-discovery',
    lazy: async () => ({ Component: (await import('./components/topic-discovery-page')).TopicDiscoveryPage }),
  },
  {
    path: 'topic-explorer',
    lazy: async () => ({ Component: (await import('./components/topic-explorer-page')).TopicExplorerPage }),
  },
];
