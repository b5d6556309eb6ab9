export * from './identity.js';
export * from './catalog.js';
export * from './surveys.js';
export * from './responses.js';
export * from './alerts.js';
export * from './administration.js';
export * from './reports.js';
export * from './widgets.js';
