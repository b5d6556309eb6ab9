/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export type { SessionCounter } from './bootstrap.service.js';
export { createReplicaSessionCounter } from './session-counter.js';
