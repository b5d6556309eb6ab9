export { annotatorRoutes } from './annotators.js';
export { datasetRoutes } from './datasets.js';
