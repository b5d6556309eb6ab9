import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/**
 * The text-analytics data screens under the shell (shell spec: ai-datasets, …/create, …/{id}; ai-annotators,
 * …/create, …/{id}); each page loads on first visit (lazy).
 */
export const aiDataRoutes: RouteObject[] = [
  ...recordRoutes(
    'ai-datasets',
    async () => (await import('./components/datasets-page')).DatasetsPage,
    async () => (await import('./components/dataset-page')).DatasetPage,
  ),
  ...recordRoutes(
    'ai-annotators',
    async () => (await import('./components/annotators-page')).AnnotatorsPage,
    async () => (await import('./components/annotator-page')).AnnotatorPage,
  ),
];
