import type { RouteOptions } from 'fastify';
import type { Scope } from '@loupe/contracts';
import type { Actor } from './actor.js';

/**
 * Who may call a route: anyone ('public'), any signed-in user ('signed-in'), or holders of any of the listed
 * scopes. Every route must declare one; a route that does not is refused to everyone (plugins/auth.ts).
 */
export type RouteAccess = 'public' | 'signed-in' | readonly [Scope, ...Scope[]];

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
