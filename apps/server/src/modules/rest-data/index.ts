/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export { splitSegment } from './rest-data.validation.js';
export { storeRecords } from './rest-data.service.js';
