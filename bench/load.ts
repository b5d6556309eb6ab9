// The load benchmark (issue 14 item 7, "Throughput"): a crowd of signed-in viewers on one report, with and
// without writers, against the real built server on PostgreSQL and on embedded PGlite.
//
//   npm run bench:load
//   node --conditions=source --import tsx bench/load.ts [--engines postgres,pglite] [--sessions 100000]
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
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.js';
import { databaseUrl, ensureDatabase } from './bench-database.js';
import {
  CROWD_OPTIONS,
  compareReplica,
  crowdOf,
  prepareLoadDataset,
  runMixed,
  runViewers,
  settle,
  setUpCrowd,
  type MixedFigures,
  type ReaderFigures,
  type SignInFigures,
} from './load-harness.js';
import { startServer, type ServerProcess } from './server-process.js';
import { resultsFile, table, writeJson } from './stats.js';

const { values: args } = parseArgs({
  options: {
    ...CROWD_OPTIONS,
    engines: { type: 'string', default: 'postgres,pglite' },
    scenarios: { type: 'string', default: 'readers,writers' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    'data-dir': { type: 'string', default: '/var/tmp/loupe-load' },
    port: { type: 'string', default: '3495' },
    label: { type: 'string', default: '' },
    /**
     * A module the server imports first (NODE_OPTIONS=--import); it gets SIGUSR2 after the readers, e.g. to
     * write a CPU profile.
     */
    'server-import': { type: 'string', default: '' },
  },
});
const CROWD = crowdOf(args);
const {
  sessions: SESSIONS,
  viewers: VIEWERS,
  seconds: SECONDS,
  writers: WRITERS,
  batchSize: BATCH_SIZE,
} = CROWD;
const SCENARIOS = args.scenarios.split(',');
const ENGINES = args.engines.split(',').filter((e) => e === 'postgres' || e === 'pglite');

const TARGETS = { readersP95: 500, ingestPerSecond: 2000, mixedReadersP95: 1000 };

const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = new Intl.NumberFormat('en-US');

// ---------------------------------------------------------------------------------------------------------
// One engine.

type EngineFigures = {
  engine: string;
  sessions: number;
  signIns: SignInFigures;
  readers?: ReaderFigures;
  mixed?: MixedFigures & { replicaMatches: boolean; replica: string };
};

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
  const dataset = await prepareLoadDataset(database, { name, sessions: SESSIONS, viewers: VIEWERS, log });
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
    const setUp = await setUpCrowd({ baseUrl: server.baseUrl, dataset, crowd: CROWD, warmUps: 1 });
    const { signIns } = setUp;
    figures.signIns = signIns;
    log(`  ${CROWD.signIns} sign-ins: ${signIns.seconds} s (p50 ${signIns.p50} ms, p95 ${signIns.p95} ms)`);

    if (SCENARIOS.includes('readers')) {
      figures.readers = await runViewers(server.baseUrl, setUp, CROWD);
      log(`  readers: ${JSON.stringify(figures.readers)}`);
      if (args['server-import']) {
        process.kill(server.pid, 'SIGUSR2');
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    }
    if (SCENARIOS.includes('writers')) {
      const mixed = await runMixed({
        baseUrl: server.baseUrl,
        setUp,
        crowd: CROWD,
        catalogue: dataset.catalogue,
      });
      log(`  readers with writers: ${JSON.stringify(mixed.readers)}`);
      log(`  writers: ${JSON.stringify(mixed.writers)}`);
      await settle(setUp.admin, setUp.surveyId);
      await server.stop();
      server = undefined;
      if (engine === 'pglite') database = await open();
      const compared = await compareReplica(database, dataDir);
      log(`  replica = database: ${compared.ok ? 'yes' : 'NO'} (${compared.text})`);
      figures.mixed = {
        ...mixed,
        replicaMatches: compared.ok,
        replica: compared.text,
      };
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
    `Load: ${VIEWERS} viewers every ${CROWD.periodMs / 1000} s for ${SECONDS} s on ${fmt.format(SESSIONS)} ` +
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
  const file = resultsFile('load', args.label);
  await writeJson(file, {
    date: new Date().toISOString(),
    label: args.label,
    cores: os.cpus().length,
    settings: {
      viewers: VIEWERS,
      seconds: SECONDS,
      periodMs: CROWD.periodMs,
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
