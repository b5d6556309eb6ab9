/** The alerts module's public entry for other modules: which alerts a caller may see (the home overview). */
export { visibleTo as alertsVisibleTo } from './alert-list.js';
/** A session's answers as the alert detail shows them, and the mask of invitee data (the responses analyzer). */
export { answersOf as alertAnswersOf } from './alert-answers.js';
export { MASK as INVITEE_MASK } from './alert-list.js';
export { isMasked as isInviteeMasked } from './alert-list.js';
