import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
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
 * Per-minute limits on sign-in (`/token`), the account flows, the captcha, the REST data and the respondent routes,
 * counted per address and per account; the excess is answered 429 (Code 429, translated, with Retry-After). The
 * counters live in this node's memory, or in Redis when `redis` is set, so that the limits hold across every node
 * behind a load balancer (docs/scaling.md). `null` limits turn them off (tests, benchmarks).
 */
export const rateLimitsPlugin = fp(
  async (
    app: FastifyInstance,
    settings: { limits: RateLimitSettings | null; redis?: { url: string; keyPrefix: string } },
  ) => {
    const { limits } = settings;
    if (!limits) return;
    const redis = settings.redis ? connectRedis(app, settings.redis.url) : undefined;
    await app.register(rateLimit, {
      global: false,
      ...(redis
        ? {
            redis,
            nameSpace: `${settings.redis!.keyPrefix}rate:`,
            // Redis out of reach lets requests through (logged) rather than failing every sign-in with a 5xx.
            skipOnError: true,
          }
        : {}),
    });

    // Each limiter's keys carry its group and kind: the Redis store gives every limiter the same key space.
    const limiters = new Map<RateLimitGroup, { address: Limiter; account: Limiter }>();
    for (const group of RATE_LIMIT_GROUPS) {
      limiters.set(group, {
        address: app.createRateLimit({
          max: limits[group].perAddress,
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => `${group}:address:${request.ip}`,
        }),
        account: app.createRateLimit({
          max: limits[group].perAccount,
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => `${group}:account:${accountOf(request) ?? ''}`,
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

/** A Redis connection for the counters, closed with the app; a failing Redis is logged, not fatal. */
function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, {
    // A counter that cannot be read within a second is skipped (skipOnError), not waited for.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported)
      app.log.warn({ err: error }, 'rate limits: Redis is out of reach; requests are not counted');
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
