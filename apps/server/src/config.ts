import path from 'node:path';
import { z } from 'zod';

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
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  DEMO_RESPONSES: z.coerce.number().int().min(0).default(100_000),
  WEB_DIST: z.string().optional(),
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
    demoData: parsed.DEMO_DATA === 'on',
    demoResponses: parsed.DEMO_RESPONSES,
    replicaMemoryLimit: parsed.REPLICA_MEMORY_LIMIT,
    webDist: path.resolve(parsed.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    oidcIssuer: parsed.OIDC_ISSUER || undefined,
    oidcClientId: parsed.OIDC_CLIENT_ID || undefined,
    oidcClientSecret: parsed.OIDC_CLIENT_SECRET || undefined,
    oidcRedirectUri: parsed.OIDC_REDIRECT_URI || `${publicUrl}/sso`,
    ssoCodeParam: parsed.SSO_CODE_PARAM,
  };
}
