import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { createAnalyticsReplica } from '../analytics/replica.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { createLogger } from '../logger.js';
import { createAccessTokenSigner } from '../modules/auth/access-token.js';
import { createScratchDatabase, createTestApp } from '../test/test-app.js';
import { OPERATOR_ROLE_NAME, ensureFirstRunOperator, ensureOperator, hasOperator } from './operator.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(repoRoot, 'apps/server/src/setup/setup-cli.ts');
const engine = process.env.LOUPE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** An empty installation: a scratch PostgreSQL database or a PGlite data directory, and its environment. */
type Installation = { env: Record<string, string>; open(): Promise<DatabaseHandle>; drop(): Promise<void> };

async function emptyInstallation(): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-setup-'));
  if (engine === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    return {
      env: { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: scratch.url, dataDir: undefined }),
      drop: async () => {
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: undefined, dataDir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Runs `npm run setup`'s command (from source) with stdin not a terminal. */
async function setup(installation: Installation, args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|DATA_DIR|LOUPE_|DEMO_)/.test(name)),
  );
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cli, ...args],
      { cwd: repoRoot, env: { ...clean, ...installation.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run setup -- --operator <name>', () => {
  let installation: Installation;
  beforeAll(async () => {
    installation = await emptyInstallation();
  });
  afterAll(async () => {
    await installation?.drop();
  });

  it('refuses without a password source (no LOUPE_OPERATOR_PASSWORD, no terminal) and creates nothing', async () => {
    const result = await setup(installation, ['--operator', 'root']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('LOUPE_OPERATOR_PASSWORD');
  }, 60_000);

  it('creates a tenantless operator on an empty installation who can sign in with every scope', async () => {
    const result = await setup(installation, ['--operator', 'root'], {
      LOUPE_OPERATOR_PASSWORD: 'Secret123',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created the installation operator root');

    const database = await installation.open();
    try {
      const [row] = await database.db.select().from(users).where(eq(users.userName, 'root'));
      expect(row).toMatchObject({ tenantId: null, securityLevel: 0, isActive: true });
      const [{ n } = { n: 0 }] = await database.raw<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(n).toBe(1);

      const signer = createAccessTokenSigner(randomBytes(48));
      const replica = await createAnalyticsReplica({ database, path: ':memory:' });
      const app = await buildApp({
        database,
        replica,
        signer,
        logger: createLogger('silent'),
        config: loadConfig({}),
      });
      try {
        const signIn = (password: string) =>
          app.inject({
            method: 'POST',
            url: '/token',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              grant_type: 'password',
              username: 'root',
              password,
              client_id: CONSOLE_CLIENT_ID,
            }).toString(),
          });
        expect((await signIn('Wrong123')).statusCode).toBe(400);
        const response = await signIn('Secret123');
        expect(response.statusCode).toBe(200);
        const claims = await signer.verify(response.json<{ access_token: string }>().access_token);
        expect(claims).toMatchObject({ name: 'root', tid: null });
        expect([...(claims?.scp ?? [])].sort()).toEqual([...ALL_SCOPES].sort());
      } finally {
        await app.close();
        await replica.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe('ensureOperator, the first start and TRUST_PROXY', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }) });
    t.app.get('/test/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the operator from LOUPE_OPERATOR_PASSWORD only when there is none', async () => {
    const { db } = t.database;
    // As on a new installation: no active operator (a demo seed may hold one; it is set aside here).
    await t.database.raw('UPDATE users SET is_active = false WHERE tenant_id IS NULL AND security_level = 0');
    expect(await hasOperator(db)).toBe(false);
    expect(await ensureFirstRunOperator(db, { operatorName: 'boss', operatorPassword: undefined })).toBe(
      undefined,
    );
    expect(await ensureFirstRunOperator(db, { operatorName: 'boss', operatorPassword: 'Boss1234' })).toBe(
      'boss',
    );
    expect(await hasOperator(db)).toBe(true);
    // A second start with the variable still set creates nobody else.
    expect(await ensureFirstRunOperator(db, { operatorName: 'boss2', operatorPassword: 'Boss1234' })).toBe(
      undefined,
    );
    expect((await t.signIn('boss', 'Boss1234')).access_token).toBeTruthy();

    // Another operator shares the one tenantless operator role.
    expect((await ensureOperator(db, { userName: 'deputy', password: 'Deputy123' })).created).toBe(true);
    const roles = await t.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM roles WHERE tenant_id IS NULL AND name = $1',
      [OPERATOR_ROLE_NAME],
    );
    expect(roles[0]!.n).toBe(1);
    const held = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`tenant_id IS NULL AND security_level = 0 AND is_active`);
    expect(held[0]!.n).toBe(2);
    // An existing name is left alone, whatever the case.
    expect(await ensureOperator(db, { userName: 'ADMIN', password: 'Admin1234' })).toMatchObject({
      created: false,
    });
    await expect(ensureOperator(db, { userName: 'bad name', password: 'Boss1234' })).rejects.toThrow(
      'operator name',
    );
    await expect(ensureOperator(db, { userName: 'weak', password: 'weak' })).rejects.toThrow(
      'at least 6 characters',
    );
  });

  it('passes TRUST_PROXY to the server: X-Forwarded-For counts from the trusted proxies only', async () => {
    const ip = async (remoteAddress: string, forwardedFor: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/test/ip',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).json<{ ip: string }>().ip;
    expect(await ip('10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });
});
