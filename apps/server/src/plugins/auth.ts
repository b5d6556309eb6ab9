import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyScope, toLanguageCode, type Scope } from '@loupe/contracts';
import { AppError, forbidden, unauthorized } from '../errors.js';
import type { AccessTokenSigner } from '../modules/auth/access-token.js';
import type { SessionStateReader } from '../modules/auth/session-state.js';

/**
 * Who may call a route: anyone ('public'), any signed-in user ('signed-in'), or holders of any of the listed
 * scopes. Every route must declare one; a route that does not is refused to everyone.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly [Scope, ...Scope[]];

/** The signed-in caller, as services see it. Every query a service makes is scoped to `tenantId`. */
export type Actor = {
  userId: number;
  tenantId: number | null;
  userName: string;
  scopes: readonly string[];
  clientId: string;
  /** The sign-in (refresh-token family) of the caller's token, when the token names it. */
  sessionId?: string;
};

export type RegisteredRoute = { method: string; url: string; options: RouteOptions };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller on routes that are not public; reading it on a public route throws. */
    actor: Actor;
    /** The caller's language from the `Language` header ('tr' when absent). */
    language: string;
  }
  interface FastifyInstance {
    /** Every route registered, for the test that proves each one is guarded. */
    routeRegistry: RegisteredRoute[];
  }
}

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

/** For services: the caller's tenant, refusing tenantless callers where a tenant is required. */
export function requireTenant(actor: Actor): number {
  if (actor.tenantId === null) throw new AppError(403, 2100);
  return actor.tenantId;
}
