/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export { createLookupRepository } from './lookup.repository.js';
export { createLookupService } from './lookup.service.js';
