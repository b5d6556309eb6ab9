import type { RouteObject } from 'react-router';

/**
 * The sentiment model screens under the shell (shell spec: ai-sentiment-models, …/create, …/{id}, …/{id}/export,
 * …/{id}/try, …/{id}/statistics); lazy.
 */
export const sentimentModelsRoutes: RouteObject[] = [
  {
    path: 'ai-sentiment-models',
    lazy: async () => ({
      Component: (await import('./components/sentiment-models-page')).SentimentModelsPage,
    }),
  },
  {
    path: 'ai-sentiment-models/create',
    lazy: async () => ({ Component: (await import('./components/sentiment-model-page')).SentimentModelPage }),
  },
  {
    path: 'ai-sentiment-models/:id',
    lazy: async () => ({ Component: (await import('./components/sentiment-model-page')).SentimentModelPage }),
  },
  {
    path: 'ai-sentiment-models/:id/try',
    lazy: async () => ({ Component: (await import('./components/sentiment-try-page')).SentimentTryPage }),
  },
  {
    path: 'ai-sentiment-models/:id/export',
    lazy: async () => ({
      Component: (await import('./components/sentiment-export-page')).SentimentExportPage,
    }),
  },
  {
    path: 'ai-sentiment-models/:id/statistics',
    lazy: async () => ({
      Component: (await import('./components/sentiment-statistics-page')).SentimentStatisticsPage,
    }),
  },
];
