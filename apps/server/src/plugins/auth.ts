import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyScope, toLanguageCode } from '@loupe/contracts';
import type { Actor } from '../core/actor.js';
import type { RegisteredRoute } from '../core/route-access.js';
import { forbidden, unauthorized } from '../errors.js';
import type { AccessTokenSigner, SessionStateReader } from '../modules/auth/index.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [kind, token] = header.split(' ');
  return kind?.toLowerCase() === 'bearer' && token ? token : undefined;
}

type AuthOptions = { signer: AccessTokenSigner; sessions: SessionStateReader };

/**
 * Reads the Bearer token into `request.actor` and enforces each route's declared access. A token is refused
 * once its user is inactive or gone, or its version is older than the user's (sessions ended, see
 * session-state.ts); that state is cached for at most a second per node.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.decorateRequest('language', 'tr');
  app.decorateRequest('actor', {
    getter(): Actor {
      throw new Error('request.actor read on a route without a signed-in caller');
    },
  });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registry.push({ method, url: route.url, options: route });
  });

  app.addHook('onRequest', async (request) => {
    request.language = toLanguageCode(request.headers.language as string | undefined) ?? 'tr';
    // Requests that match no route go to the not-found handler, which serves nothing private.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no access; refused');
      throw forbidden();
    }
    const token = bearerToken(request);
    const claims = token ? await options.signer.verify(token) : null;
    if (!claims) throw unauthorized();
    const userId = Number(claims.sub);
    if (!Number.isInteger(userId) || userId < 1 || userId > 0x7fffffff) throw unauthorized();
    const state = await options.sessions.read(userId);
    if (!state || !state.isActive || state.tokenVersion !== (claims.ver ?? 0)) throw unauthorized();
    const actor: Actor = {
      userId,
      tenantId: claims.tid,
      userName: claims.name,
      scopes: claims.scp,
      clientId: claims.cid,
      ...(claims.sid === undefined ? {} : { sessionId: claims.sid }),
    };
    Object.defineProperty(request, 'actor', { value: actor, enumerable: true });
    if (access !== 'signed-in' && !hasAnyScope(actor.scopes, access)) throw forbidden();
  });
});
