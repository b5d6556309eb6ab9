/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export { assertPowerUserCapacity } from './power-users.js';
export { activeUsersOf, countUsers } from './user-counts.js';
