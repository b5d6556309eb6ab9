import type { FastifyBaseLogger } from 'fastify';
import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import { CONSOLE_CLIENT_ID, ErrorCode, type LoginError, type TokenResponse } from '@loupe/contracts';
import { AppError, OAuthError } from '../../errors.js';
import type { TokenService } from '../auth/index.js';
import type { OidcClient, OidcIdentity } from './oidc-client.js';
import { safeRedirectPath, type SsoAttemptSealer } from './sso-attempt.js';
import type { SsoRepository } from './sso.repository.js';

/** `GET /api/sso/config`. */
export type SsoConfigAnswer = { Enabled: boolean; CodeParam: string };
/** `POST /api/sso/token`: our tokens, as `POST /token` answers them, and the console path to open. */
export type SsoTokenAnswer = TokenResponse & { redirect: string };
/** Where `GET /api/sso/start` redirects, and the attempt cookie to set (none when the provider is down). */
export type SsoStart = { location: string; cookie: { state: string; sealedAttempt: string } | null };

type Deps = {
  /** Null when single sign-on is not configured. */
  oidcClient: OidcClient | null;
  /** The console's /sso page the provider returns to. */
  redirectUri: string;
  codeParam: string;
  repository: SsoRepository;
  tokens: Pick<TokenService, 'issueForUser'>;
  sealer: SsoAttemptSealer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
};

/** Account states the user can act on keep their own message; any other refusal is `invalid_sso_login`. */
const PASSED_THROUGH: ReadonlySet<LoginError> = new Set([
  'invalid_grant_trial_expired',
  'invalid_grant_email_confirm',
]);

/**
 * Single sign-on with OpenID Connect (authorization code + PKCE). The attempt's secrets travel in a sealed
 * cookie; the user is the one holding the provider's subject, or else the only user with the provider's email,
 * who is then bound to that subject. Tokens come from the token service, with its account checks.
 */
export function createSsoService({
  oidcClient,
  redirectUri,
  codeParam,
  repository,
  tokens,
  sealer,
  log,
  now = () => new Date(),
}: Deps) {
  function refuse(reason: string, detail?: Record<string, unknown>): never {
    log.warn({ ...detail, reason }, 'single sign-on refused');
    throw new OAuthError('invalid_sso_login');
  }

  function configuredClient(): OidcClient {
    if (!oidcClient) throw new AppError(404, ErrorCode.SsoNotConfigured);
    return oidcClient;
  }

  async function matchUser(identity: OidcIdentity) {
    const bySubject = await repository.usersBySubject(identity.subject);
    if (bySubject.length > 1) refuse('several users hold the subject', { subject: identity.subject });
    if (bySubject[0]) return { user: bySubject[0], bindSubject: false };

    if (!identity.email) refuse('the provider sent no email', { subject: identity.subject });
    // An address the provider has not verified proves nothing about who owns our account with it.
    if (identity.emailVerified === false) refuse('the provider has not verified the email');
    const byEmail = await repository.usersByEmail(identity.email);
    if (byEmail.length !== 1) {
      refuse(byEmail.length === 0 ? 'no user has the email' : 'several users share the email');
    }
    const user = byEmail[0]!;
    if (user.ssoSubject !== null) refuse('the user signs in as another subject', { userId: user.id });
    return { user, bindSubject: true };
  }

  return {
    config(): SsoConfigAnswer {
      return { Enabled: oidcClient !== null, CodeParam: codeParam };
    },

    /**
     * A new attempt: where to send the browser, and the sealed attempt to keep in its cookie. When the provider
     * cannot be reached, the browser goes straight back to the /sso page with an OAuth error, as the provider
     * itself would send it.
     */
    async start(redirect: string | undefined): Promise<SsoStart> {
      const client = configuredClient();
      const attempt = {
        state: randomState(),
        nonce: randomNonce(),
        codeVerifier: randomPKCECodeVerifier(),
        redirect: safeRedirectPath(redirect),
        created: now().getTime(),
      };
      let location: string;
      try {
        location = await client.authorizationUrl(attempt);
      } catch (error) {
        log.warn({ err: error }, 'the identity provider cannot be reached');
        const back = new URL(redirectUri);
        back.searchParams.set('error', 'temporarily_unavailable');
        return { location: back.href, cookie: null };
      }
      return { location, cookie: { state: attempt.state, sealedAttempt: await sealer.seal(attempt) } };
    },

    /** Trades the provider's code for our tokens; `invalid_sso_login` for anything that does not add up. */
    async finish(
      callback: { code: string; state: string },
      sealedAttempt: string | undefined,
    ): Promise<SsoTokenAnswer> {
      const client = configuredClient();
      const attempt = await sealer.open(sealedAttempt);
      if (!attempt || attempt.state !== callback.state) refuse('unknown, expired or mismatched state');

      let identity: OidcIdentity;
      try {
        identity = await client.exchange(callback.code, attempt);
      } catch (error) {
        refuse('the provider refused the code or its ID token is invalid', { err: error });
      }

      const { user, bindSubject } = await matchUser(identity);
      if (!user.isActive) refuse('the user is inactive', { userId: user.id });
      let issued: TokenResponse;
      try {
        issued = await tokens.issueForUser(user.id, CONSOLE_CLIENT_ID);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        if (PASSED_THROUGH.has(error.error)) throw error;
        refuse(`the account may not sign in (${error.error})`, { userId: user.id });
      }
      if (bindSubject) await repository.bindSubject(user.id, identity.subject);
      return { ...issued, redirect: attempt.redirect };
    },
  };
}
