import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@loupe/contracts';
import { RATE_LIMIT_GROUPS, type RateLimitGroup, type RateLimitSettings } from '../rate-limit-settings.js';
import { AppError } from '../errors.js';

const WINDOW_MS = 60_000;

/** The group a route belongs to, by its URL pattern; undefined: not rate limited. */
function groupOf(url: string | undefined): RateLimitGroup | undefined {
  if (!url) return undefined;
  if (url === '/token' || url.startsWith('/token/')) return 'token';
  if (url.startsWith('/api/account/')) return 'account';
  if (url === '/api/captcha' || url.startsWith('/api/captcha/')) return 'captcha';
  if (url.startsWith('/api/rest-data/')) return 'restData';
  if (url.startsWith('/api/public/surveys/') || url.startsWith('/s/')) return 'publicSurvey';
  return undefined;
}

/** Whether the auth plugin identified a signed-in caller (`request.actor` throws on public routes). */
const hasActor = (request: FastifyRequest) => Object.getOwnPropertyDescriptor(request, 'actor') !== undefined;

function field(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== ''
    ? value.trim().toLowerCase().slice(0, 256)
    : undefined;
}

/**
 * The account a request acts for: the signed-in caller (user and client), else the login a public form or a
 * password grant names. Undefined when it names none (a refresh grant, a captcha): the address limit applies.
 */
function accountOf(request: FastifyRequest): string | undefined {
  if (hasActor(request)) return `user:${request.actor.userId}:${request.actor.clientId}`;
  const login =
    field(request.body, 'username') ??
    field(request.body, 'Login') ??
    field(request.body, 'UserName') ??
    field(request.query, 'login');
  return login === undefined ? undefined : `login:${login}`;
}

type Limiter = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    createRateLimit(options: {
      max: number;
      timeWindow: number;
      keyGenerator: (request: FastifyRequest) => string;
    }): Limiter;
  }
}

/**
 * Per-minute limits on sign-in (`/token`), the account flows, the captcha, the REST data and the respondent routes, counted per
 * address and per account in this node's memory; the excess is answered 429 (Code 429, translated, with
 * Retry-After). `null` settings turn them off (tests, benchmarks).
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, settings: { limits: RateLimitSettings | null }) => {
    const { limits } = settings;
    if (!limits) return;
    await app.register(rateLimit, { global: false });

    const limiters = new Map<RateLimitGroup, { address: Limiter; account: Limiter }>();
    for (const group of RATE_LIMIT_GROUPS) {
      limiters.set(group, {
        address: app.createRateLimit({
          max: limits[group].perAddress,
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => request.ip,
        }),
        account: app.createRateLimit({
          max: limits[group].perAccount,
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => accountOf(request) ?? '',
        }),
      });
    }

    const check = async (
      request: FastifyRequest,
      limiter: Limiter,
      reply: { header(name: string, value: unknown): unknown },
    ) => {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds ?? 60);
      throw new AppError(429, ErrorCode.TooManyRequests);
    };

    // The address, and a signed-in caller, count before anything is parsed (a malformed body counts too); the
    // login a public form or a password grant names counts once the body is read.
    app.addHook('onRequest', async (request, reply) => {
      const group = groupOf(request.routeOptions.url);
      if (!group) return;
      const pair = limiters.get(group)!;
      await check(request, pair.address, reply);
      if (hasActor(request)) await check(request, pair.account, reply);
    });
    app.addHook('preHandler', async (request, reply) => {
      const group = groupOf(request.routeOptions.url);
      if (!group || hasActor(request) || accountOf(request) === undefined) return;
      await check(request, limiters.get(group)!.account, reply);
    });
  },
);
