/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export { templateCoverage } from './template-coverage.js';
export {
  INVITEE_PLACEHOLDER_COLUMNS,
  INVITEE_PLACEHOLDER_JOINS,
  invitationLinks,
  inviteePlaceholderValues,
  linkPlaceholderValues,
  placeholderText,
  type InvitationLinks,
} from './invitee-placeholders.js';
