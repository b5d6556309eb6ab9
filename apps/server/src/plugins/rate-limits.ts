import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@loupe/contracts';
import { AppError } from '../errors.js';

/** Requests per minute one address, and one account, may send to a group of routes. */
type RateLimit = { perAddress: number; perAccount: number };

/** The rate-limited route groups (docs/api.md, "Rate limits"). */
const RATE_LIMIT_GROUPS = ['token', 'account', 'captcha', 'restData'] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];
export type RateLimitSettings = Record<RateLimitGroup, RateLimit>;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  // Sign-ins and refreshes; an office behind one address refreshes each user's token every 15 minutes.
  token: { perAddress: 60, perAccount: 10 },
  account: { perAddress: 30, perAccount: 10 },
  captcha: { perAddress: 20, perAccount: 20 },
  // Batches of up to 10,000 sessions each.
  restData: { perAddress: 600, perAccount: 300 },
};

const WINDOW_MS = 60_000;

/**
 * RATE_LIMITS: `on` (the defaults), `off`, or comma-separated `group=perAddress/perAccount` overrides of the
 * defaults, e.g. `token=120/20,restData=1200/600`.
 */
export function parseRateLimits(value: string): RateLimitSettings | null {
  const text = value.trim();
  if (text === 'off') return null;
  const limits: RateLimitSettings = { ...DEFAULT_RATE_LIMITS };
  if (text === 'on' || text === '') return limits;
  for (const part of text.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    const group = match?.[1] as RateLimitGroup | undefined;
    if (!match || !group || !RATE_LIMIT_GROUPS.includes(group)) {
      throw new Error(
        `RATE_LIMITS: "${part}" is not group=perAddress/perAccount (groups: ${RATE_LIMIT_GROUPS.join(', ')})`,
      );
    }
    limits[group] = { perAddress: Number(match[2]), perAccount: Number(match[3]) };
  }
  return limits;
}

/** The group a route belongs to, by its URL pattern; undefined: not rate limited. */
function groupOf(url: string | undefined): RateLimitGroup | undefined {
  if (!url) return undefined;
  if (url === '/token' || url.startsWith('/token/')) return 'token';
  if (url.startsWith('/api/account/')) return 'account';
  if (url === '/api/captcha' || url.startsWith('/api/captcha/')) return 'captcha';
  if (url.startsWith('/api/rest-data/')) return 'restData';
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
 * Per-minute limits on sign-in (`/token`), the account flows, the captcha and the REST data routes, counted per
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
