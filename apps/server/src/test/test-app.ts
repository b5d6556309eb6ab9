import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { CONSOLE_CLIENT_ID, type Scope, type TokenResponse } from '@loupe/contracts';
import { createAnalyticsReplica, type AnalyticsReplica } from '../analytics/replica.js';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../demo/demo-users.js';
import { ensureConsoleClient, seedDemoIdentity } from '../demo/seed-identity.js';
import { ensureWidgetCatalogue } from '../modules/widgets/ensure-widget-catalogue.js';
import { createLogger } from '../logger.js';
import { createAccessTokenSigner, type AccessTokenSigner } from '../modules/auth/access-token.js';
import type { Mailer } from '../core/mailer.js';
import type { RateLimitSettings } from '../rate-limit-settings.js';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type ApiCallOptions = {
  /** The access token; none: the call goes without one. */
  token?: string;
  /** Sent as JSON when given. */
  body?: unknown;
  /** Extra headers; `language` defaults to English. */
  headers?: Record<string, string>;
};

type TokenForOptions = {
  userId: number;
  /** The tenant the token acts in; null = tenantless. */
  tenantId: number | null;
  scopes: readonly Scope[];
  /** The `name` claim (the audit trail's user name); default 'test'. */
  name?: string;
};

export type TestApp = {
  /** Not yet ready: a test may still register routes or hooks before its first `inject`. */
  app: FastifyInstance;
  database: DatabaseHandle;
  /** An in-memory DuckDB replica of `database`, not polling: call `replica.flush()` to bring it up to date. */
  replica: AnalyticsReplica;
  signer: AccessTokenSigner;
  /** The seeded "Demo Bank" tenant. */
  tenantId: number;
  /** Signs a demo user in through `POST /token` and returns the token answer; throws when refused. */
  signIn(userName: string, password?: string): Promise<TokenResponse>;
  authHeader(accessToken: string): { authorization: string };
  /** One API call through `app.inject`: as `token`, in English unless `headers` say otherwise. */
  call(method: ApiMethod, url: string, options?: ApiCallOptions): Promise<LightMyRequestResponse>;
  /**
   * A token for an existing user row acting in `tenantId` with exactly `scopes`, signed as `POST /token`
   * signs, without a sign-in (with the user's current token version). The actor's security level still comes
   * from the user row.
   */
  tokenFor(options: TokenForOptions): Promise<string>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Sends the account mails, e.g. to a local SMTP catcher; default: logged, not sent (no SMTP_URL). */
  mailer?: Mailer;
  /** Rate limits (plugins/rate-limits.ts); default off, so that a suite may sign in as often as it needs. */
  rateLimits?: RateLimitSettings;
  /** Default: silent. */
  logger?: FastifyBaseLogger;
  /** The built web app's folder, to serve the console (default: none). */
  webRoot?: string;
  /** The built respondent page's folder, to serve `/s/{guid}` (default: none). */
  respondentRoot?: string;
  /** Settings; default: loadConfig() from the environment. */
  config?: Config;
  /**
   * The database to run on, as a restarted server would: migrated and seeded again (which keeps what is there),
   * and left open by `close()`. Default: a new one of its own, dropped by `close()`.
   */
  database?: DatabaseHandle;
};

/** The engine the API suite runs on: the vitest project sets LOUPE_TEST_DB (see vitest.config.ts). */
function testEngine(): 'pglite' | 'postgres' {
  const engine = process.env.LOUPE_TEST_DB ?? 'pglite';
  if (engine !== 'pglite' && engine !== 'postgres')
    throw new Error(`LOUPE_TEST_DB=${engine} is not supported`);
  return engine;
}

type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A new, empty database on the TEST_DATABASE_URL server, dropped again by `drop()`. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `loupe_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // pool.end() resolves before its sockets have closed; give them a moment, so that terminating a
        // backend does not surface as an error on a client that is already on its way out.
        for (let attempt = 0; attempt < 40; attempt++) {
          const { rows } = await client.query<{ open: number }>(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

export type TestDatabase = {
  database: DatabaseHandle;
  /** Opens the same database again (after `database.close()`), as a restarted server would. */
  reopen(): Promise<DatabaseHandle>;
  /** Removes the database (its files, or the scratch database on the server); close it first. */
  drop(): Promise<void>;
};

/**
 * A new, empty database on the suite's engine: embedded PGlite (in memory, or with `files` in a temporary folder
 * so that it can be reopened) or a scratch database on the TEST_DATABASE_URL server.
 */
export async function openTestDatabase({ files = false } = {}): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const dataDir = files ? await mkdtemp(path.join(tmpdir(), 'loupe-test-')) : undefined;
    const open = () => openDatabase({ databaseUrl: undefined, dataDir });
    return {
      database: await open(),
      reopen: dataDir ? open : () => Promise.reject(new Error('an in-memory database cannot be reopened')),
      drop: async () => {
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('LOUPE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(serverUrl);
  const open = () => openDatabase({ databaseUrl: scratch.url, dataDir: undefined });
  try {
    return { database: await open(), reopen: open, drop: scratch.drop };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * The server on a fresh database of its own (or on `options.database`): migrated, with the console client and
 * the demo tenant and users (password Demo1234!), signing tokens with a random key. Call `close()` in
 * `afterAll`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const own = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? own!.database;
  let app: FastifyInstance | undefined;
  let replica: AnalyticsReplica | undefined;
  const close = async () => {
    await app?.close();
    await replica?.close();
    if (own) {
      await database.close();
      await own.drop();
    }
  };
  try {
    await database.migrate();
    await ensureConsoleClient(database.db);
    await ensureWidgetCatalogue(database.db);
    const { tenantId } = await seedDemoIdentity(database.db);
    const signer = createAccessTokenSigner(randomBytes(48));
    replica = await createAnalyticsReplica({ database, path: ':memory:' });
    app = await buildApp({
      database,
      replica,
      signer,
      logger: options.logger ?? createLogger('silent'),
      mailer: options.mailer,
      webRoot: options.webRoot,
      respondentRoot: options.respondentRoot,
      // No scheduled-job timers: a test runs a schedule with `app.scheduler.runNow`.
      config: {
        ...(options.config ?? loadConfig()),
        rateLimits: options.rateLimits ?? null,
        jobSchedules: false,
      },
    });
    const built = app;
    const authHeader = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

    return {
      app: built,
      database,
      replica,
      signer,
      tenantId,
      async signIn(userName, password = DEMO_PASSWORD) {
        const response = await built.inject({
          method: 'POST',
          url: '/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'password',
            username: userName,
            password,
            client_id: CONSOLE_CLIENT_ID,
          }).toString(),
        });
        if (response.statusCode !== 200) {
          throw new Error(`sign-in of ${userName} failed: ${response.statusCode} ${response.body}`);
        }
        return response.json<TokenResponse>();
      },
      authHeader,
      call(method, url, { token, body, headers } = {}) {
        return built.inject({
          method,
          url,
          headers: { ...(token === undefined ? {} : authHeader(token)), language: 'en', ...headers },
          ...(body === undefined ? {} : { payload: body as object }),
        });
      },
      async tokenFor({ userId, tenantId, scopes, name = 'test' }) {
        const [user] = await database.db
          .select({ ver: users.tokenVersion })
          .from(users)
          .where(eq(users.id, userId));
        return signer.sign(
          {
            sub: String(userId),
            tid: tenantId,
            scp: [...scopes],
            cid: CONSOLE_CLIENT_ID,
            name,
            ver: user?.ver ?? 0,
          },
          3600,
        );
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
