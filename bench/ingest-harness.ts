// The ingest benchmark's set-up: a scratch database with the demo catalogue, the real server on a free port, and
// realistic REST data records.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_CLIENT_ID, type RestDataRecordInput, type RestDataResult } from '@loupe/contracts';
import { createAnalyticsReplica, type AnalyticsReplica } from '../apps/server/src/analytics/replica.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { loadDemoData } from '../apps/server/src/demo/demo-data.js';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-users.js';
import { ensureConsoleClient, seedDemoIdentity } from '../apps/server/src/demo/seed-identity.js';
import { createLogger } from '../apps/server/src/logger.js';
import { createAccessTokenSigner } from '../apps/server/src/modules/auth/access-token.js';
import { seededRandom } from '../apps/server/src/test/seeded-random.js';
import { databaseUrl, dropDatabase, ensureDatabase } from './bench-database.js';

export type Engine = 'postgres' | 'pglite';

/**
 * The foreign keys from the high-volume response tables to `tenants` (the what-if of --drop-fks tenant). Every
 * row also references a survey, which references its tenant, so a tenant with responses cannot go away without
 * them; each costs a lookup and a key-share lock on the one tenant row for every inserted row.
 */
const TENANT_FOREIGN_KEYS = [
  'ALTER TABLE invitees DROP CONSTRAINT invitees_tenant_id_tenants_id_fk',
  'ALTER TABLE invitations DROP CONSTRAINT invitations_tenant_id_tenants_id_fk',
  'ALTER TABLE sessions DROP CONSTRAINT sessions_tenant_id_tenants_id_fk',
  'ALTER TABLE answers DROP CONSTRAINT answers_tenant_id_tenants_id_fk',
];

/** Every foreign key of the four tables the ingest writes: an upper bound to compare with, not a proposal. */
const RESPONSE_FOREIGN_KEYS_SQL = `
  SELECT format('ALTER TABLE %I DROP CONSTRAINT %I', conrelid::regclass, conname) AS statement
  FROM pg_constraint
  WHERE contype = 'f' AND conrelid::regclass::text IN ('invitees', 'invitations', 'sessions', 'answers')`;

export type HarnessOptions = {
  /** Start the replica's sync loop (default); off for profiles of the ingest alone. */
  followChanges?: boolean;
  /** Which foreign keys to drop in the scratch database before the load, for what-if measurements. */
  dropForeignKeys?: 'none' | 'tenant' | 'all';
};

type Scratch = { url: string; drop(): Promise<void> };

/** The scratch database's name prefix: BENCH_SCRATCH_PREFIX, so runs beside each other can keep to their own names. */
const SCRATCH_PREFIX = process.env.BENCH_SCRATCH_PREFIX ?? 'loupe_bench_';

async function createScratchDatabase(serverUrl: string): Promise<Scratch> {
  if (!/^[a-z_][a-z0-9_]*$/.test(SCRATCH_PREFIX))
    throw new Error('BENCH_SCRATCH_PREFIX: lower-case letters, digits, _');
  const name = `${SCRATCH_PREFIX}${randomBytes(5).toString('hex')}`;
  await ensureDatabase(serverUrl, name);
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      // pool.end() resolves before its sockets close; dropDatabase terminates whatever is still there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await dropDatabase(serverUrl, name);
    },
  };
}

export type Catalogue = {
  surveyId: number;
  branches: { channel: string; location: string | null; employees: string[] }[];
  products: string[];
  types: string[];
  segmentGroups: string[][];
  questions: { nps: string; scales: string[]; comment: string };
};

/** Integration codes of the demo catalogue, read back from the database. */
export async function readCatalogue(database: DatabaseHandle, tenantId: number): Promise<Catalogue> {
  const [survey] = await database.raw<{ id: number }>(
    `SELECT id FROM surveys WHERE tenant_id = $1 AND integration_code = 'BRANCH'`,
    [tenantId],
  );
  if (!survey) throw new Error('the demo catalogue has no BRANCH survey');
  const questions = await database.raw<{ code: string; type: string; scale: number | null }>(
    `SELECT integration_code AS code, type, scale FROM questions
     WHERE tenant_id = $1 AND survey_id = $2 AND integration_code IS NOT NULL ORDER BY position`,
    [tenantId, survey.id],
  );
  const branchRows = await database.raw<{ channel: string; location: string | null; employee: string }>(
    `SELECT c.code AS channel, l.code AS location, e.code AS employee
     FROM employees e JOIN transaction_channels c ON c.id = e.channel_id
     LEFT JOIN locations l ON l.id = c.location_id
     WHERE e.tenant_id = $1 ORDER BY c.code, e.code`,
    [tenantId],
  );
  const branches = new Map<string, Catalogue['branches'][number]>();
  for (const row of branchRows) {
    const branch = branches.get(row.channel) ?? {
      channel: row.channel,
      location: row.location,
      employees: [],
    };
    branch.employees.push(row.employee);
    branches.set(row.channel, branch);
  }
  const products = await database.raw<{ code: string }>(
    `SELECT p.code FROM products p WHERE p.tenant_id = $1
     AND NOT EXISTS (SELECT 1 FROM products c WHERE c.parent_id = p.id) ORDER BY p.code`,
    [tenantId],
  );
  const types = await database.raw<{ code: string }>(
    'SELECT code FROM transaction_types WHERE tenant_id = $1 ORDER BY code',
    [tenantId],
  );
  const segmentRows = await database.raw<{ group_code: string; code: string }>(
    `SELECT g.code AS group_code, s.code FROM segments s JOIN segment_groups g ON g.id = s.group_id
     WHERE s.tenant_id = $1 ORDER BY g.code, s.code`,
    [tenantId],
  );
  const groups = new Map<string, string[]>();
  for (const row of segmentRows) {
    groups.set(row.group_code, [...(groups.get(row.group_code) ?? []), `${row.group_code};${row.code}`]);
  }
  const nps = questions.find((q) => q.scale === 11);
  const comment = questions.find((q) => q.type === 'OETX');
  const scales = questions.filter((q) => q.scale === 5).slice(0, 3);
  if (!nps || !comment || scales.length < 3) throw new Error('the BRANCH survey lacks NPS, 1-5 or comment');
  return {
    surveyId: survey.id,
    branches: [...branches.values()],
    products: products.map((p) => p.code),
    types: types.map((t) => t.code),
    segmentGroups: [...groups.values()],
    questions: { nps: nps.code, scales: scales.map((q) => q.code), comment: comment.code },
  };
}

export type Harness = {
  engine: Engine;
  database: DatabaseHandle;
  replica: AnalyticsReplica;
  app: FastifyInstance;
  baseUrl: string;
  token: string;
  tenantId: number;
  catalogue: Catalogue;
  close(): Promise<void>;
};

/**
 * A scratch database (PostgreSQL at `serverUrl`, or in-memory PGlite) with the demo identity and a small demo
 * catalogue, a started file-less replica, and the real server listening on a free port with an admin token.
 * `followChanges: false` leaves the replica unstarted, so its sync loop does not run beside a profile.
 */
export async function startHarness(
  engine: Engine,
  serverUrl: string,
  { followChanges = true, dropForeignKeys = 'none' }: HarnessOptions = {},
): Promise<Harness> {
  const scratch = engine === 'postgres' ? await createScratchDatabase(serverUrl) : undefined;
  let database: DatabaseHandle | undefined;
  let replica: AnalyticsReplica | undefined;
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await replica?.close();
    await database?.close();
    await scratch?.drop();
  };
  try {
    database = await openDatabase({ databaseUrl: scratch?.url, dataDir: undefined });
    await database.migrate();
    const drops =
      dropForeignKeys === 'all'
        ? (await database.raw<{ statement: string }>(RESPONSE_FOREIGN_KEYS_SQL)).map((r) => r.statement)
        : dropForeignKeys === 'tenant'
          ? TENANT_FOREIGN_KEYS
          : [];
    for (const statement of drops) await database.raw(statement);
    await ensureConsoleClient(database.db);
    const { tenantId } = await seedDemoIdentity(database.db);
    await loadDemoData(database, { tenantId, responses: 1000 });
    // File-less replica; start() rebuilds it from the demo load and then follows the change log by itself.
    replica = await createAnalyticsReplica({ database, path: ':memory:' });
    if (followChanges) await replica.start();
    app = await buildApp({
      database,
      replica,
      signer: createAccessTokenSigner(randomBytes(48)),
      logger: createLogger('silent'),
      // The writers ingest from one address as one client: no rate limits.
      config: { ...loadConfig(), rateLimits: null },
    });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signIn(baseUrl, 'admin');
    const catalogue = await readCatalogue(database, tenantId);
    return { engine, database, replica, app, baseUrl, token, tenantId, catalogue, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An access token for a user by the password grant (the demo users' password unless another is given). */
export async function signIn(baseUrl: string, userName: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: userName,
      password,
      client_id: CONSOLE_CLIENT_ID,
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

// ---------------------------------------------------------------------------------------------------------
// Load: realistic records, serialised before the clock starts so the client costs the server little.

/** The tests' seeded generator, so every run sends the same kind of data; `int` takes a closed range. */
function prng(seed: number) {
  const random = seededRandom(seed);
  return { int: (lo: number, hi: number) => lo + random.int(hi - lo + 1), pick: random.pick };
}

const FIRST_NAMES = ['Ayşe', 'Mehmet', 'Elif', 'Can', 'Zeynep', 'Emre', 'Priya', 'John', 'Maria', 'Deniz'];
const LAST_NAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Sharma', 'Smith', 'Garcia', 'Aydın'];
const COMMENTS = [
  'Çok hızlı ve güler yüzlü hizmet, teşekkürler.',
  'Sırada çok bekledim, gişe sayısı yetersizdi.',
  'The staff were helpful but the ATM was out of order again.',
  'Great experience, the advisor explained everything clearly.',
  'Şubede klima çalışmıyordu, çok sıcaktı.',
  'Waiting time was too long for a simple deposit.',
  'Personel işini biliyor, ama sistem çok yavaştı.',
  'Everything was fine.',
];

/** An instant as ISO 8601 with an explicit offset, as pushing systems usually send it. */
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

function makeRecords(catalogue: Catalogue, count: number, seed: number): RestDataRecordInput[] {
  const random = prng(seed);
  const now = Date.now();
  const records: RestDataRecordInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const branch = random.pick(catalogue.branches);
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const transactionAt = now - random.int(10, 7 * 24 * 60) * 60_000;
    const nps = random.int(0, 10);
    const near = (value: number) => Math.min(5, Math.max(1, value + random.int(-1, 1)));
    const base = Math.max(1, Math.round(nps / 2));
    records.push({
      TransactionDate: iso(transactionAt),
      AnsweredDate: iso(transactionAt + random.int(5, 600) * 60_000),
      TransactionChannel: branch.channel,
      TransactionProduct: random.pick(catalogue.products),
      TransactionType: random.pick(catalogue.types),
      ...(branch.location ? { InviteeLocation: branch.location } : {}),
      Employee: random.pick(branch.employees),
      Segments: catalogue.segmentGroups.map((group) => random.pick(group)),
      InviteeFullName: `${first} ${last}`,
      InviteeEmail: `customer${seed}.${i}@example.com`,
      InviteeMSISDN: `+90 5${random.int(10, 59)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      InviteeLanguage: random.pick(['tr', 'en']),
      CustomData1: `TRX-${seed}-${i}`,
      CustomData2: random.int(100, 50_000),
      Answers: [
        { Question: catalogue.questions.nps, Value: nps },
        ...catalogue.questions.scales.map((code) => ({ Question: code, Value: near(base) })),
        { Question: catalogue.questions.comment, Text: random.pick(COMMENTS) },
      ],
    });
  }
  return records;
}

/** `count` request bodies of `size` records each, serialised. */
export function makeBodies(catalogue: Catalogue, count: number, size: number, seedBase: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({ SurveyId: catalogue.surveyId, Records: makeRecords(catalogue, size, seedBase + i) }),
  );
}

/** Posts one body to the REST data API; the ms it took. Throws unless every record was accepted. */
export async function postBatch(
  h: { baseUrl: string; token: string },
  body: string,
  expected: number,
): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${h.baseUrl}/api/rest-data/responses`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${h.token}`,
      'content-type': 'application/json',
      language: 'en',
    },
    body,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${text.slice(0, 300)}`);
  const result = JSON.parse(text) as RestDataResult;
  if (result.Accepted !== expected) {
    throw new Error(`ingest accepted ${result.Accepted} of ${expected}: ${JSON.stringify(result.Errors[0])}`);
  }
  return elapsed;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms used so far by each backend of the harness's PostgreSQL database, read from /proc; null when not local. */
export async function backendCpu(h: Harness): Promise<Map<number, number> | null> {
  if (h.engine !== 'postgres') return null;
  const rows = await h.database.raw<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      return null; // the server runs elsewhere
    }
  }
  return cpu;
}

export function cpuSpent(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
