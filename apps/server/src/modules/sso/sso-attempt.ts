import { EncryptJWT, errors as joseErrors, jwtDecrypt } from 'jose';

/** One sign-in at the identity provider, from `GET /api/sso/start` to `POST /api/sso/token`. */
export type SsoAttempt = {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The console path to open after signing in. */
  redirect: string;
  /** When the attempt started (epoch milliseconds). */
  created: number;
};

const AUDIENCE = 'loupe-sso-attempt';
/** Long enough to sign in at the identity provider, short enough that a stolen cookie soon expires. */
export const SSO_ATTEMPT_LIFETIME_SECONDS = 600;

/**
 * Seals an attempt into a cookie value and opens it again. The value is encrypted and authenticated
 * (JWE, dir + A256GCM), so the browser can neither read the PKCE verifier nor forge a state, and any API node
 * holding the same key can open it: no server-side session is needed.
 */
export function createSsoAttemptSealer(key: Uint8Array, now: () => Date = () => new Date()) {
  return {
    seal(attempt: SsoAttempt): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new EncryptJWT({
        state: attempt.state,
        nonce: attempt.nonce,
        cv: attempt.codeVerifier,
        rd: attempt.redirect,
        cr: attempt.created,
      })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SSO_ATTEMPT_LIFETIME_SECONDS)
        .encrypt(key);
    },

    /** The attempt, or null when the value is missing, forged, sealed under another key or expired. */
    async open(sealed: string | undefined): Promise<SsoAttempt | null> {
      if (!sealed) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { audience: AUDIENCE, currentDate: now() });
        const { state, nonce, cv, rd, cr } = payload;
        if (
          typeof state !== 'string' ||
          typeof nonce !== 'string' ||
          typeof cv !== 'string' ||
          typeof rd !== 'string' ||
          typeof cr !== 'number'
        ) {
          return null;
        }
        return { state, nonce, codeVerifier: cv, redirect: rd, created: cr };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type SsoAttemptSealer = ReturnType<typeof createSsoAttemptSealer>;

/**
 * The console path to return to after signing in: only a path of this site, so the parameter cannot send the
 * user elsewhere (`//host` and `/\host` are other sites to a browser).
 */
export function safeRedirectPath(redirect: string | undefined): string {
  if (!redirect || redirect.length > 2000) return '/';
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  // Control characters (tab, newline) are dropped by URL parsers and could turn the path into `//host`.
  if ([...redirect].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  return redirect;
}
