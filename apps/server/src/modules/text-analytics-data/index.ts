export { annotatorRoutes } from './annotators.js';
export { datasetRoutes } from './datasets.js';
export { build as buildDataset } from './datasets.js';
export { isoOf } from './iso.js';
