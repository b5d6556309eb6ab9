import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseRateLimits, type RateLimitSettings } from './rate-limit-settings.js';

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For to believe, so request.ip is the client's. `false` (default) trusts
 * none, `true` every hop, a number that many hops, else a comma-separated list of addresses, CIDR ranges or
 * proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export type TrustProxy = boolean | number | string[];

/** TRUST_PROXY as Fastify's option: a hop count becomes proxy-addr's "the nearest n hops" test. */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(lower)) return Number(lower);
    const items = value.split(',').map((item) => item.trim());
    const wrong = items.filter((item) => !isProxyAddress(item));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: not an address, CIDR range or loopback/linklocal/uniquelocal: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return items;
  });

/** The longest retention a variable may name: ten years, in hours. */
const RETENTION_HOURS_MAX = 10 * 366 * 24;

/** A retention period: a whole number of days (`90d`) or hours (`36h`), at least one hour; answers hours. */
function retentionSchema(name: string) {
  return z
    .string()
    .trim()
    .default('90d')
    .transform((value, context) => {
      const match = /^(\d{1,6})\s*([dh])$/i.exec(value);
      const hours = match ? Number(match[1]) * (match[2]!.toLowerCase() === 'd' ? 24 : 1) : 0;
      if (hours < 1 || hours > RETENTION_HOURS_MAX) {
        context.addIssue({
          code: 'custom',
          message: `${name}: days or hours, e.g. 90d or 36h (at most 10 years)`,
        });
        return z.NEVER;
      }
      return hours;
    });
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /** Where users reach the console; mailed links start with it. Default `http://localhost:${PORT}`. */
  PUBLIC_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(1).default('Loupe <no-reply@loupe.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_SECRET: z.string().min(32).optional(),
  /** Default: on for the embedded database, off with DATABASE_URL (a real installation starts empty). */
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  DEMO_RESPONSES: z.coerce.number().int().min(0).default(100_000),
  WEB_DIST: z.string().optional(),
  /** The built respondent page (apps/respondent/dist): `/s/{guid}`. */
  RESPONDENT_DIST: z.string().optional(),
  /** DuckDB's memory limit for the analytics replica (its buffers; the server process needs a few hundred MB more). */
  REPLICA_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'e.g. 1GB or 512MB')
    .optional(),
  /** OpenID Connect single sign-on: on when the issuer and the client id are set (empty means unset). */
  OIDC_ISSUER: z.string().url().or(z.literal('')).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Default `${PUBLIC_URL}/sso`, the console's SSO page; register it at the identity provider. */
  OIDC_REDIRECT_URI: z.string().url().or(z.literal('')).optional(),
  SSO_CODE_PARAM: z.string().min(1).default('code'),
  /** `on` (the defaults of docs/api.md), `off`, or overrides such as `token=60/10,restData=1200/600`. */
  RATE_LIMITS: z.string().default('on'),
  TRUST_PROXY: trustProxySchema,
  /** Redis that several nodes share their rate-limit counters in (docs/scaling.md); unset: each node counts alone. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of this installation's Redis keys, so that installations may share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('loupe:'),
  /** Seconds before an invitation's first retry after a temporary failure (each later one waits twice as long). */
  INVITATION_RETRY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** How long one send attempt's claim holds before another node may take the message over (docs/invitations.md). */
  INVITATION_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Seconds between the reminder ticks; 0 switches them off (on one node, the others tick). */
  INVITATION_TICK_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Slack's Web API base URL for the integrations' Slack messages (docs/integrations.md). */
  INTEGRATION_SLACK_BASE_URL: z.string().url().default('https://slack.com/api'),
  /** Attempts of an integration delivery before it is dead (the first one included). */
  INTEGRATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Seconds before an integration delivery's first retry (each later one waits twice as long). */
  INTEGRATION_RETRY_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  /** How often each node looks for integration events to fan out, in milliseconds; 0: only the minute sweep. */
  INTEGRATION_OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** on: integration deliveries may reach loopback and private addresses (docs/integrations.md); off by default. */
  INTEGRATION_ALLOW_PRIVATE_ADDRESSES: z.enum(['on', 'off']).default('off'),
  /** The Places Details endpoint review sources with a place id read (docs/review-sources.md). */
  REVIEW_PLACES_URL: z.string().url().default('https://maps.googleapis.com/maps/api/place/details/json'),
  /** The Places API key sent with those reads; empty: none. */
  REVIEW_PLACES_KEY: z.string().default(''),
  /** The Chromium that draws email reports' PDFs (docs/email-reports.md). */
  REPORT_PDF_BROWSER: z.string().default('/usr/bin/chromium'),
  /** `off`: this node works the scheduled jobs' queues but never asks for them (other nodes' clocks do). */
  JOB_SCHEDULES: z.enum(['on', 'off']).default('on'),
  /** `off`: every widget answer is computed, none shared from the result cache (the benchmark's computed figures). */
  WIDGET_RESULT_CACHE: z.enum(['on', 'off']).default('on'),
  /** How long imported (staged) invitees are kept: days or hours, e.g. `90d` or `36h` (docs/jobs-and-retention.md). */
  IMPORTED_INVITEE_RETENTION: retentionSchema('IMPORTED_INVITEE_RETENTION'),
  /** How long finished import logs are kept: days or hours, e.g. `90d` or `36h`. */
  IMPORT_LOG_RETENTION: retentionSchema('IMPORT_LOG_RETENTION'),
  /** On first start with no operator yet, creates one with this password (never passed on a command line). */
  LOUPE_OPERATOR_PASSWORD: z.string().min(1).optional(),
  LOUPE_OPERATOR_NAME: z.string().trim().min(1).default('operator'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The console's public address, without a trailing slash. */
  publicUrl: string;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  tokenSecret: string | undefined;
  demoData: boolean;
  demoResponses: number;
  webDist: string;
  respondentDist: string;
  /** Unset: DuckDB's own default (80 % of the machine's memory). */
  replicaMemoryLimit: string | undefined;
  /** The OpenID Connect provider's issuer URL; single sign-on is off without it or without a client id. */
  oidcIssuer: string | undefined;
  oidcClientId: string | undefined;
  /** Absent for a public client (PKCE only). */
  oidcClientSecret: string | undefined;
  /** Where the identity provider sends the browser back with the code. */
  oidcRedirectUri: string;
  /** The query parameter of that redirect the /sso page reads the code from. */
  ssoCodeParam: string;
  /** Per-minute limits per address and account on sign-in, account, captcha and REST data; null: off. */
  rateLimits: RateLimitSettings | null;
  /** Where the rate-limit counters live when nodes share them; undefined: in this node's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Fastify's trustProxy: whose X-Forwarded-For sets request.ip. */
  trustProxy: TrustProxy;
  /** The first start's operator password (LOUPE_OPERATOR_PASSWORD); unset: no operator is created. */
  operatorPassword: string | undefined;
  operatorName: string;
  /** Invitation sending (docs/invitations.md): retry back-off, claim lease, reminder tick, in seconds. */
  invitations: { retrySeconds: number; leaseSeconds: number; tickSeconds: number };
  /** Whether this node's clock asks for the scheduled jobs (jobs/scheduler.ts); they run once across nodes. */
  jobSchedules: boolean;
  /** Whether widget answers are shared through the result cache (widget-result-cache.ts); absent: they are. */
  widgetResultCache?: boolean;
  /** Retention of the purge jobs (docs/jobs-and-retention.md), in hours. */
  retention: { importedInviteeHours: number; importLogHours: number };
  /** Integration deliveries (docs/integrations.md); absent: the defaults. */
  integrations?: {
    slackBaseUrl?: string;
    maxAttempts?: number;
    retryBaseMs?: number;
    outboxPollMs?: number;
    requestTimeoutMs?: number;
    allowPrivateAddresses?: boolean;
  };
  /** Review sources' fetches (docs/review-sources.md); absent: the defaults. */
  reviews?: { allowPrivateAddresses?: boolean; placesUrl?: string; placesKey?: string };
  /** The Chromium executable email reports are drawn with; absent: /usr/bin/chromium. */
  reportPdfBrowser?: string;
};

/** Reads the configuration from the environment; the README's configuration table documents each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(env);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    smtpUrl: parsed.SMTP_URL,
    publicUrl,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL,
    tokenSecret: parsed.TOKEN_SECRET,
    demoData: parsed.DEMO_DATA === undefined ? !parsed.DATABASE_URL : parsed.DEMO_DATA === 'on',
    demoResponses: parsed.DEMO_RESPONSES,
    replicaMemoryLimit: parsed.REPLICA_MEMORY_LIMIT,
    webDist: path.resolve(parsed.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    respondentDist: path.resolve(
      parsed.RESPONDENT_DIST ?? new URL('../../respondent/dist', import.meta.url).pathname,
    ),
    oidcIssuer: parsed.OIDC_ISSUER || undefined,
    oidcClientId: parsed.OIDC_CLIENT_ID || undefined,
    oidcClientSecret: parsed.OIDC_CLIENT_SECRET || undefined,
    oidcRedirectUri: parsed.OIDC_REDIRECT_URI || `${publicUrl}/sso`,
    ssoCodeParam: parsed.SSO_CODE_PARAM,
    rateLimits: parseRateLimits(parsed.RATE_LIMITS),
    redis: parsed.REDIS_URL ? { url: parsed.REDIS_URL, keyPrefix: parsed.REDIS_KEY_PREFIX } : undefined,
    trustProxy: parsed.TRUST_PROXY,
    operatorPassword: parsed.LOUPE_OPERATOR_PASSWORD,
    operatorName: parsed.LOUPE_OPERATOR_NAME,
    invitations: {
      retrySeconds: parsed.INVITATION_RETRY_SECONDS,
      leaseSeconds: parsed.INVITATION_LEASE_SECONDS,
      tickSeconds: parsed.INVITATION_TICK_SECONDS,
    },
    jobSchedules: parsed.JOB_SCHEDULES === 'on',
    widgetResultCache: parsed.WIDGET_RESULT_CACHE === 'on',
    retention: {
      importedInviteeHours: parsed.IMPORTED_INVITEE_RETENTION,
      importLogHours: parsed.IMPORT_LOG_RETENTION,
    },
    integrations: {
      slackBaseUrl: parsed.INTEGRATION_SLACK_BASE_URL,
      maxAttempts: parsed.INTEGRATION_MAX_ATTEMPTS,
      retryBaseMs: parsed.INTEGRATION_RETRY_SECONDS * 1000,
      outboxPollMs: parsed.INTEGRATION_OUTBOX_POLL_MS,
      allowPrivateAddresses: parsed.INTEGRATION_ALLOW_PRIVATE_ADDRESSES === 'on',
    },
    reviews: {
      allowPrivateAddresses: parsed.INTEGRATION_ALLOW_PRIVATE_ADDRESSES === 'on',
      placesUrl: parsed.REVIEW_PLACES_URL,
      placesKey: parsed.REVIEW_PLACES_KEY,
    },
    reportPdfBrowser: parsed.REPORT_PDF_BROWSER,
  };
}
