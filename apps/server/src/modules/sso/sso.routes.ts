import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ssoConfigSchema,
  ssoStartQuerySchema,
  ssoTokenRequestSchema,
  ssoTokenResponseSchema,
} from '@loupe/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AccessTokenSigner, TokenService } from '../auth/index.js';
import { createOidcClient } from './oidc-client.js';
import { createSsoAttemptSealer, SSO_ATTEMPT_LIFETIME_SECONDS } from './sso-attempt.js';
import { createSsoRepository } from './sso.repository.js';
import { createSsoService } from './sso.service.js';

/** One cookie per attempt, named after its state: two tabs signing in at once do not undo each other. */
const COOKIE_PREFIX = 'loupe_sso_';
/** openid-client's states are 43 base64url characters; anything else cannot name one of our cookies. */
const STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

type SsoSettings = Pick<
  Config,
  'oidcIssuer' | 'oidcClientId' | 'oidcClientSecret' | 'oidcRedirectUri' | 'ssoCodeParam'
>;

type Deps = {
  db: Db;
  tokens: Pick<TokenService, 'issueForUser'>;
  signer: AccessTokenSigner;
  settings: SsoSettings;
};

/** OpenID Connect single sign-on; all public: the caller is not signed in yet. */
export function ssoRoutes(app: FastifyInstance, { db, tokens, signer, settings }: Deps) {
  const { oidcIssuer, oidcClientId, oidcRedirectUri } = settings;
  const oidcClient =
    oidcIssuer && oidcClientId
      ? createOidcClient({
          issuer: oidcIssuer,
          clientId: oidcClientId,
          clientSecret: settings.oidcClientSecret,
          redirectUri: oidcRedirectUri,
        })
      : null;
  const sso = createSsoService({
    oidcClient,
    redirectUri: oidcRedirectUri,
    codeParam: settings.ssoCodeParam,
    repository: createSsoRepository(db),
    tokens,
    sealer: createSsoAttemptSealer(signer.deriveKey('sso-attempt')),
    log: app.log,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const };
  const cookieOptions: CookieSerializeOptions = {
    path: '/api/sso',
    httpOnly: true,
    // Lax: set on the top-level navigation to /api/sso/start and sent with the page's own POST.
    sameSite: 'lax',
    // The page that posts the code is the redirect URI's: over https, the cookie never travels in clear.
    secure: oidcRedirectUri.startsWith('https:'),
  };

  routes.get('/api/sso/config', { config, schema: { response: { 200: ssoConfigSchema } } }, async () =>
    sso.config(),
  );

  // A browser navigation (not a fetch): the answer is a redirect to the identity provider.
  routes.get(
    '/api/sso/start',
    { config, schema: { querystring: ssoStartQuerySchema } },
    async (request, reply) => {
      const started = await sso.start(request.query.redirect);
      if (started.cookie) {
        reply.setCookie(`${COOKIE_PREFIX}${started.cookie.state}`, started.cookie.sealedAttempt, {
          ...cookieOptions,
          maxAge: SSO_ATTEMPT_LIFETIME_SECONDS,
        });
      }
      return reply.header('Cache-Control', 'no-store').redirect(started.location, 302);
    },
  );

  routes.post(
    '/api/sso/token',
    { config, schema: { body: ssoTokenRequestSchema, response: { 200: ssoTokenResponseSchema } } },
    async (request, reply) => {
      const { Code: code, State: state } = request.body;
      const cookieName = STATE_PATTERN.test(state) ? `${COOKIE_PREFIX}${state}` : undefined;
      // Each attempt is single use, whatever its outcome.
      if (cookieName) reply.clearCookie(cookieName, cookieOptions);
      const answer = await sso.finish({ code, state }, cookieName ? request.cookies[cookieName] : undefined);
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
}
