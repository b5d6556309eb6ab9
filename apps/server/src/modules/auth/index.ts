/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export type { AccessTokenSigner } from './access-token.js';
export { createIdentityRepository, type IdentityRepository, type UserRow } from './identity.repository.js';
export { endSessions, endSessionsOnChange, type SessionStateReader } from './session-state.js';
export type { SignInGuard } from './sign-in-guard.service.js';
export { hashClientSecret, type TokenService } from './token.service.js';
export type { TwoFactorCodes } from './two-factor.js';
