/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export type { InvitationService } from './invitation.service.js';
/** A CATI script is the survey's channel-9 invitation text, filled as an SMS is (modules/cati). */
export { renderText as renderInvitationText } from './invitation-render.js';
