import * as oidc from 'openid-client';
import type { SsoAttempt } from './sso-attempt.js';

export type OidcClientSettings = {
  issuer: string;
  clientId: string;
  /** Absent for a public client, which then relies on PKCE alone. */
  clientSecret: string | undefined;
  redirectUri: string;
};

/** Who the identity provider says signed in. */
export type OidcIdentity = {
  /** `${issuer}|${sub}`: unique across providers, stored in users.sso_subject. */
  subject: string;
  email: string | undefined;
  /** The provider's `email_verified` claim; undefined when it does not send one. */
  emailVerified: boolean | undefined;
};

const SCOPE = 'openid email profile';

/**
 * The OpenID Connect relying party (openid-client): authorization URLs with PKCE, state and nonce, and the
 * code exchange with ID token validation. The provider's metadata is discovered on first use and kept; a
 * failed discovery is retried on the next sign-in, so the server starts even while the provider is down.
 */
export function createOidcClient(settings: OidcClientSettings) {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        // Plain http only for a provider on this machine or in a test; anywhere else it must be https.
        settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async authorizationUrl(attempt: SsoAttempt): Promise<string> {
      const config = await configuration();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: SCOPE,
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /** Trades the code for tokens and validates the ID token (signature, issuer, audience, nonce, expiry). */
    async exchange(code: string, attempt: SsoAttempt): Promise<OidcIdentity> {
      const config = await configuration();
      const { issuer } = config.serverMetadata();
      // The page hands over only the code and state. With one configured provider there is no mix-up to
      // detect, so the response's `iss` is the discovered issuer itself.
      // openid-client derives the token request's redirect_uri from this URL, so it starts from the real one.
      const callback = new URL(settings.redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', attempt.state);
      callback.searchParams.set('iss', issuer);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the identity provider returned no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let emailVerified = typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined;
      // Many providers put the email in the userinfo answer only, not in the ID token of a code flow.
      if (email === undefined && config.serverMetadata().userinfo_endpoint) {
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof userInfo.email === 'string' ? userInfo.email : undefined;
        emailVerified = typeof userInfo.email_verified === 'boolean' ? userInfo.email_verified : undefined;
      }
      return { subject: `${issuer}|${claims.sub}`, email, emailVerified };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
