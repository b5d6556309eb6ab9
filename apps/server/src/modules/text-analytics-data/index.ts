export { annotatorRoutes } from './annotators.js';
export { buildDataset, datasetRoutes } from './datasets.js';
export { isoOf } from './iso.js';
