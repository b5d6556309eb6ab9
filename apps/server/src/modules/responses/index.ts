/** What other modules may use of this module (docs/architecture.md, "Server layers"): the one storage path. */
export {
  hashSessionKey,
  insertResponses,
  isOnScale,
  newSessionKey,
  saveSessionAnswers,
  scoreOf,
  type ResponseRow,
  type StoredAnswer,
} from './session-store.js';
