// The load benchmark (issue 14 item 7, "Throughput"): a crowd of signed-in viewers on one report, with and
// without writers, against the real built server on PostgreSQL and on embedded PGlite.
//
//   npm run bench:load
//   node --conditions=source --import tsx bench/load.ts [--engines postgres,pglite] [--sessions 100000]
import { databaseUrl, ensureDatabase } from './bench-database.js';
//     [--viewers 200] [--seconds 60] [--period 10] [--writers 10] [--batch-size 200]
//     [--server postgres://root@127.0.0.1:5432/test] [--data-dir /var/tmp/loupe-load] [--port 3495] [--label x]
//
// 1. Dataset: database loupe_load_<N> on the local PostgreSQL (or a PGlite directory under --data-dir), filled with
//    the demo generator up to N answered sessions and --viewers extra users `load_viewer_<i>` with the demo
//    viewer's role and password; kept between runs.
// 2. The real server (node apps/server/dist/main.js) on it; the benchmark report (bench/bench-report.ts, 10
//    widgets) is assigned to the viewer role. The viewers sign in all at once (timed: "200 sign-ins").
// 3. Readers: every viewer opens the report every --period seconds, at its own offset in the period, as the web
//    client does: GET /api/bootstrap/en and GET /api/reporteditor/{id}, then the 10 widget data calls together.
//    Open loop: an opening is started on schedule whether or not the viewer's previous one has finished, so a
//    slow server gets more concurrent work, not less. Every request's time counts, errors too (status ≥ 400 or a
//    failed connection). Runs --seconds, then waits for what is in flight.
// 4. Readers + writers: the same, plus --writers clients each posting REST data batches of --batch-size records
//    back to back (closed loop); prints ingest sessions/s and the readers' p95. After it, the replica must equal
//    the database: the server is stopped and the replica file's sessions (count and highest id) are compared with
//    the database's.
// Prints a table and writes bench/results/load-<date>[-label].json. A benchmark never fails a build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { openReplicaStore, replicaFilePath } from '../apps/server/src/analytics/replica.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { roles, userRoles, users } from '../apps/server/src/db/schema/index.js';
import { loadDemoData } from '../apps/server/src/demo/demo-data.js';
import { consoleProgress } from '../apps/server/src/demo/progress-bar.js';
import { ensureConsoleClient, seedDemoIdentity } from '../apps/server/src/demo/seed-identity.js';
import { ensureWidgetCatalogue } from '../apps/server/src/modules/widgets/ensure-widget-catalogue.js';
import { benchSettings, callApi, dataPath, ensureBenchReport, type Api } from './bench-report.js';
import { makeBodies, readCatalogue, signIn, type Catalogue } from './ingest-harness.js';
import { startServer, type ServerProcess } from './server-process.js';
import { ms, percentile, table, writeJson } from './stats.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, 'results');
const today = () => new Date().toISOString().slice(0, 10);

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres,pglite' },
    sessions: { type: 'string', default: '100000' },
    viewers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    period: { type: 'string', default: '10' },
    writers: { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '200' },
    scenarios: { type: 'string', default: 'readers,writers' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    'data-dir': { type: 'string', default: '/var/tmp/loupe-load' },
    port: { type: 'string', default: '3495' },
    label: { type: 'string', default: '' },
    /** Distinct sign-ins (default one per viewer); viewers share the tokens round robin. For quick profiles. */
    'sign-ins': { type: 'string', default: '' },
    /**
     * A module the server imports first (NODE_OPTIONS=--import); it gets SIGUSR2 after the readers, e.g. to
     * write a CPU profile.
     */
    'server-import': { type: 'string', default: '' },
  },
});
const SESSIONS = Number(args.sessions.replaceAll('_', ''));
const VIEWERS = Number(args.viewers);
const SECONDS = Number(args.seconds);
const PERIOD_MS = Number(args.period) * 1000;
const WRITERS = Number(args.writers);
const BATCH_SIZE = Number(args['batch-size']);
const SCENARIOS = args.scenarios.split(',');
const ENGINES = args.engines.split(',').filter((e) => e === 'postgres' || e === 'pglite');
const SIGN_INS = Math.min(VIEWERS, Number(args['sign-ins'] || VIEWERS));
const REQUEST_TIMEOUT_MS = 60_000;

const TARGETS = { readersP95: 500, ingestPerSecond: 2000, mixedReadersP95: 1000 };

const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = new Intl.NumberFormat('en-US');

// ---------------------------------------------------------------------------------------------------------
// 1. Dataset.

const viewerName = (i: number) => `load_viewer_${String(i).padStart(4, '0')}`;

type Dataset = { tenantId: number; answeredSessions: number; catalogue: Catalogue; viewerRoleId: number };

/** Demo data up to SESSIONS answered sessions and VIEWERS viewer users (sharing the demo viewer's password). */
async function prepareDataset(database: DatabaseHandle): Promise<Dataset> {
  await database.migrate();
  await ensureConsoleClient(database.db);
  await ensureWidgetCatalogue(database.db);
  const { tenantId } = await seedDemoIdentity(database.db);
  const answered = async () =>
    Number(
      (
        await database.raw<{ n: string }>(
          'SELECT count(*) AS n FROM sessions WHERE tenant_id = $1 AND answered_at IS NOT NULL',
          [tenantId],
        )
      )[0]?.n ?? 0,
    );
  const existing = await answered();
  if (existing < SESSIONS) {
    log(`Loading ${fmt.format(SESSIONS - existing)} demo sessions …`);
    await loadDemoData(database, {
      tenantId,
      responses: SESSIONS - existing,
      append: existing > 0,
      onProgress: consoleProgress('Demo sessions'),
    });
  }
  const [viewer] = await database.db
    .select({ passwordHash: users.passwordHash, roleId: userRoles.roleId })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.userName, 'viewer'), eq(users.tenantId, tenantId)));
  if (!viewer) throw new Error('the demo has no viewer user');
  const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.id, viewer.roleId));
  for (let i = 1; i <= VIEWERS; i += 1) {
    const userName = viewerName(i);
    const [found] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, userName), eq(users.tenantId, tenantId)));
    if (found) continue;
    const [created] = await database.db
      .insert(users)
      .values({
        tenantId,
        userName,
        fullName: `Load Viewer ${i}`,
        email: `${userName}@demo-bank.example`,
        passwordHash: viewer.passwordHash,
      })
      .returning({ id: users.id });
    await database.db.insert(userRoles).values({ tenantId, userId: created!.id, roleId: role!.id });
  }
  return {
    tenantId,
    answeredSessions: await answered(),
    catalogue: await readCatalogue(database, tenantId),
    viewerRoleId: role!.id,
  };
}

// ---------------------------------------------------------------------------------------------------------
// 2. Requests.

type Sample = { kind: 'page' | 'widget'; ms: number; ok: boolean };
type RequestPlan = { method: string; url: string; body?: string };

async function timed(
  baseUrl: string,
  token: string,
  plan: RequestPlan,
): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${plan.url}`, {
      method: plan.method,
      headers: {
        authorization: `Bearer ${token}`,
        language: 'en',
        ...(plan.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: plan.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.ok };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

type ReportPlan = { page: RequestPlan[]; widgets: RequestPlan[] };

/** The calls of one report opening, with the widget bodies the web client sends (report filter + dataFilters). */
async function reportPlan(api: Api, reportId: number, surveyId: number): Promise<ReportPlan> {
  const detail = await callApi<{ ReportWidgets: { Config: string }[] }>(
    api,
    'GET',
    `/api/reporteditor/${reportId}`,
  );
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const widgets = detail.ReportWidgets.map((widget) => {
    const config = JSON.parse(widget.Config) as {
      dataEndpoint: string;
      dataFilters?: Record<string, unknown>;
    };
    const endpoint = dataPath(config.dataEndpoint);
    return {
      method: 'POST',
      url: /channel-table$|answers$/.test(endpoint) ? `${endpoint}?$top=20&$skip=0&$count=true` : endpoint,
      body: JSON.stringify({
        TimeRange: [day(from), day(to)],
        SurveyId: [surveyId],
        ReportId: reportId,
        DataFilters: config.dataFilters ?? {},
      }),
    };
  });
  return {
    page: [
      { method: 'GET', url: '/api/bootstrap/en' },
      { method: 'GET', url: `/api/reporteditor/${reportId}` },
    ],
    widgets,
  };
}

/** One opening: the page's calls together, then the widget calls together; every request's time is a sample. */
async function openReport(
  baseUrl: string,
  token: string,
  plan: ReportPlan,
  samples: Sample[],
): Promise<void> {
  const page = await Promise.all(plan.page.map((request) => timed(baseUrl, token, request)));
  for (const result of page) samples.push({ kind: 'page', ...result });
  const widgets = await Promise.all(plan.widgets.map((request) => timed(baseUrl, token, request)));
  for (const result of widgets) samples.push({ kind: 'widget', ...result });
}

type ReaderFigures = {
  requests: number;
  errors: number;
  openings: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  openingP95: number;
  /** p95 of the page calls (bootstrap, report) and of the widget data calls on their own. */
  pageP95: number;
  widgetP95: number;
  /** The machine's 1-minute load average at the end (other work on the shared machine shows here). */
  loadAverage: number;
};

/** VIEWERS viewers opening the report every PERIOD_MS for SECONDS, open loop. */
async function runReaders(baseUrl: string, tokens: string[], plan: ReportPlan, stop: () => boolean) {
  const samples: Sample[] = [];
  const openings: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const timers: NodeJS.Timeout[] = [];
  await new Promise<void>((resolve) => {
    tokens.forEach((token, i) => {
      const offset = (i / tokens.length) * PERIOD_MS;
      const fire = () => {
        if (stop() || performance.now() - started >= SECONDS * 1000) {
          resolve();
          return;
        }
        const opened = performance.now();
        const run = openReport(baseUrl, token, plan, samples).then(() => {
          openings.push(performance.now() - opened);
          inFlight.delete(run);
        });
        inFlight.add(run);
      };
      timers.push(
        setTimeout(() => {
          fire();
          timers.push(setInterval(fire, PERIOD_MS));
        }, offset),
      );
    });
    setTimeout(resolve, SECONDS * 1000);
  });
  for (const timer of timers) clearInterval(timer);
  await Promise.all(inFlight);
  const times = samples.map((s) => s.ms);
  const figures: ReaderFigures = {
    requests: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    openings: openings.length,
    p50: ms(percentile(times, 50)),
    p95: ms(percentile(times, 95)),
    p99: ms(percentile(times, 99)),
    max: ms(Math.max(...times)),
    openingP95: ms(percentile(openings, 95)),
    pageP95: ms(
      percentile(
        samples.filter((s) => s.kind === 'page').map((s) => s.ms),
        95,
      ),
    ),
    widgetP95: ms(
      percentile(
        samples.filter((s) => s.kind === 'widget').map((s) => s.ms),
        95,
      ),
    ),
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  };
  return figures;
}

type WriterFigures = {
  sessions: number;
  seconds: number;
  perSecond: number;
  errors: number;
  batchP95: number;
};

/** WRITERS clients posting batches back to back until `stop()`. */
async function runWriters(baseUrl: string, token: string, catalogue: Catalogue, stop: () => boolean) {
  let sessions = 0;
  let errors = 0;
  const batchTimes: number[] = [];
  const started = performance.now();
  let seed = Date.now() % 1_000_000_000;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (!stop()) {
        const [body] = makeBodies(catalogue, 1, BATCH_SIZE, (seed += 1));
        const result = await timed(baseUrl, token, {
          method: 'POST',
          url: '/api/rest-data/responses',
          body: body!,
        });
        batchTimes.push(result.ms);
        if (result.ok) sessions += BATCH_SIZE;
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const figures: WriterFigures = {
    sessions,
    seconds: ms(seconds),
    perSecond: Math.round(sessions / seconds),
    errors,
    batchP95: ms(percentile(batchTimes, 95)),
  };
  return figures;
}

// ---------------------------------------------------------------------------------------------------------
// 3. One engine.

type SignInFigures = { users: number; seconds: number; p50: number; p95: number; errors: number };

type EngineFigures = {
  engine: string;
  sessions: number;
  signIns: SignInFigures;
  readers?: ReaderFigures;
  mixed?: { readers: ReaderFigures; writers: WriterFigures; replicaMatches: boolean; replica: string };
};

async function signInAll(baseUrl: string): Promise<{ tokens: string[]; figures: SignInFigures }> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const tokens = await Promise.all(
    Array.from({ length: SIGN_INS }, async (_, i) => {
      const begun = performance.now();
      try {
        return await signIn(baseUrl, viewerName(i + 1));
      } catch {
        errors += 1;
        return '';
      } finally {
        times.push(performance.now() - begun);
      }
    }),
  );
  const valid = tokens.filter((t) => t !== '');
  return {
    tokens: Array.from({ length: VIEWERS }, (_, i) => valid[i % valid.length]!),
    figures: {
      users: SIGN_INS,
      seconds: ms((performance.now() - started) / 1000),
      p50: ms(percentile(times, 50)),
      p95: ms(percentile(times, 95)),
      errors,
    },
  };
}

/**
 * Waits until the replica has caught up with the writers: the server's card widget over all time answers the
 * same figures on three successful calls in a row, 2 s apart (the sync polls every 250 ms). At most 2 minutes.
 */
async function settle(api: Api, surveyId: number): Promise<void> {
  const body = { TimeRange: ['2000-01-01', '2100-01-01'], SurveyId: [surveyId], DataFilters: {} };
  let last = '';
  let same = 0;
  const started = performance.now();
  while (same < 3 && performance.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const card = await callApi<unknown>(api, 'POST', '/api/widget-data/card', body).then(
      (answer) => JSON.stringify(answer),
      () => undefined,
    );
    if (card === undefined) continue;
    same = card === last ? same + 1 : 0;
    last = card;
  }
}

async function compareReplica(
  database: DatabaseHandle,
  dataDir: string,
): Promise<{ ok: boolean; text: string }> {
  const [db] = await database.raw<{ count: string; max: string }>(
    'SELECT count(*) AS count, coalesce(max(id), 0) AS max FROM sessions',
  );
  const store = await openReplicaStore(replicaFilePath(dataDir));
  try {
    const [replica] = await store.read<{ count: number; max: number }>(
      'SELECT count(*) AS count, coalesce(max(session_id), 0) AS max FROM sessions',
    );
    const text =
      `database ${fmt.format(Number(db?.count))} sessions (max id ${db?.max}), ` +
      `replica ${fmt.format(replica?.count ?? 0)} (max id ${replica?.max})`;
    return { ok: Number(db?.count) === replica?.count && Number(db?.max) === replica?.max, text };
  } finally {
    store.close();
  }
}

async function runEngine(engine: string): Promise<EngineFigures> {
  const name = `loupe_load_${SESSIONS}`;
  const dataDir = path.join(args['data-dir'], `${engine}-${SESSIONS}`);
  fs.mkdirSync(dataDir, { recursive: true });
  let url: string | undefined;
  if (engine === 'postgres') {
    await ensureDatabase(args.server, name);
    url = databaseUrl(args.server, name);
  }
  const open = () => openDatabase({ databaseUrl: url, dataDir: url ? undefined : dataDir });
  let database = await open();
  const dataset = await prepareDataset(database);
  if (engine === 'pglite') await database.close(); // the server process opens the directory itself
  log(`${engine}: ${fmt.format(dataset.answeredSessions)} answered sessions, ${VIEWERS} viewers`);

  const start = () =>
    startServer({
      databaseUrl: url as string, // undefined for PGlite: spawn leaves the variable out
      dataDir,
      port: Number(args.port),
      env: args['server-import'] ? { NODE_OPTIONS: `--import ${args['server-import']}` } : {},
    });
  let server: ServerProcess | undefined = await start();
  const figures: EngineFigures = {
    engine,
    sessions: dataset.answeredSessions,
    signIns: { users: 0, seconds: 0, p50: 0, p95: 0, errors: 0 },
  };
  try {
    const admin: Api = { baseUrl: server.baseUrl, token: await signIn(server.baseUrl, 'admin') };
    const settings = await benchSettings(admin, dataset.catalogue.surveyId);
    const reportId = await ensureBenchReport(admin, settings);
    // Assigned to the viewers' role once; a second run's assignment answers 4xx (already there).
    await callApi(admin, 'POST', '/api/rolereports', {
      ReportId: reportId,
      RoleId: dataset.viewerRoleId,
    }).catch(() => undefined);
    const plan = await reportPlan(admin, reportId, settings.surveyId);

    const { tokens, figures: signIns } = await signInAll(server.baseUrl);
    figures.signIns = signIns;
    log(`  ${SIGN_INS} sign-ins: ${signIns.seconds} s (p50 ${signIns.p50} ms, p95 ${signIns.p95} ms)`);
    // Warm-up: one opening, as a first visitor would.
    await openReport(server.baseUrl, tokens[0]!, plan, []);

    if (SCENARIOS.includes('readers')) {
      figures.readers = await runReaders(server.baseUrl, tokens, plan, () => false);
      log(`  readers: ${JSON.stringify(figures.readers)}`);
      if (args['server-import']) {
        process.kill(server.pid, 'SIGUSR2');
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    }
    if (SCENARIOS.includes('writers')) {
      // The writers write for as long as the readers are scheduled.
      let done = false;
      const timer = setTimeout(() => (done = true), SECONDS * 1000);
      const writers = runWriters(server.baseUrl, admin.token, dataset.catalogue, () => done);
      const readers = await runReaders(server.baseUrl, tokens, plan, () => false);
      const written = await writers;
      clearTimeout(timer);
      log(`  readers with writers: ${JSON.stringify(readers)}`);
      log(`  writers: ${JSON.stringify(written)}`);
      await settle(admin, settings.surveyId);
      await server.stop();
      server = undefined;
      if (engine === 'pglite') database = await open();
      const compared = await compareReplica(database, dataDir);
      log(`  replica = database: ${compared.ok ? 'yes' : 'NO'} (${compared.text})`);
      figures.mixed = { readers, writers: written, replicaMatches: compared.ok, replica: compared.text };
    }
  } finally {
    await server?.stop();
    if (engine === 'postgres' || figures.mixed) await database.close();
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  log(
    `Load: ${VIEWERS} viewers every ${PERIOD_MS / 1000} s for ${SECONDS} s on ${fmt.format(SESSIONS)} ` +
      `sessions; ${WRITERS} writers × ${BATCH_SIZE} records; ${os.cpus().length} cores`,
  );
  const all: EngineFigures[] = [];
  for (const engine of ENGINES) {
    try {
      all.push(await runEngine(engine));
    } catch (error) {
      log(`${engine}: failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  const rows = all.flatMap((f) => [
    [
      `${f.engine} readers`,
      f.readers?.p50 ?? '-',
      f.readers?.p95 ?? '-',
      f.readers?.p99 ?? '-',
      f.readers?.errors ?? '-',
      f.readers?.openingP95 ?? '-',
      '-',
      f.signIns.seconds,
    ],
    [
      `${f.engine} + ${WRITERS} writers`,
      f.mixed?.readers.p50 ?? '-',
      f.mixed?.readers.p95 ?? '-',
      f.mixed?.readers.p99 ?? '-',
      f.mixed?.readers.errors ?? '-',
      f.mixed?.readers.openingP95 ?? '-',
      f.mixed
        ? `${fmt.format(f.mixed.writers.perSecond)}/s${f.mixed.replicaMatches ? '' : ' (replica ≠ db)'}`
        : '-',
      '-',
    ],
  ]);
  log('');
  log(
    table(
      [
        'scenario',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'errors',
        'opening p95 ms',
        'ingest',
        `${VIEWERS} sign-ins s`,
      ],
      rows,
    ),
  );
  log(
    `Targets: readers p95 ≤ ${TARGETS.readersP95} ms with 0 errors; with writers ingest ≥ ` +
      `${fmt.format(TARGETS.ingestPerSecond)}/s and readers p95 ≤ ${TARGETS.mixedReadersP95} ms`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `load-${today()}${args.label ? `-${args.label}` : ''}.json`);
  await writeJson(file, {
    date: new Date().toISOString(),
    label: args.label,
    cores: os.cpus().length,
    settings: {
      viewers: VIEWERS,
      seconds: SECONDS,
      periodMs: PERIOD_MS,
      writers: WRITERS,
      batchSize: BATCH_SIZE,
    },
    targets: TARGETS,
    engines: all,
  });
  log(`Wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  log(`The load benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
});
