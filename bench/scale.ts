// The scale-out benchmark (issue 26 item 3): one node against several behind a load balancer, on one PostgreSQL,
// under bench:load's crowd (bench/load-harness.ts): viewers opening the 10-widget report on a schedule plus
// writers posting REST data back to back. docs/scaling.md reads its figures.
//
//   npm run bench:scale
//   node --conditions=source --import tsx bench/scale.ts [--nodes 1,2] [--sessions 100000] [--viewers 200]
//     [--seconds 60] [--period 10] [--writers 10] [--batch-size 200] [--sign-ins 200] [--port 3900]
//     [--server postgres://postgres@127.0.0.1:5432/test] [--data-dir /var/tmp/loupe-scale]
//     [--redis-url redis://127.0.0.1:6379/9] [--label x] [--drop-dataset] [--quiet-wait 300]
//
// 1. Dataset: database loupe_scale_<N> (demo data and the viewer users, kept between runs unless --drop-dataset).
// 2. Each configuration (--nodes, in order, in this one process) runs on a fresh copy of it (loupe_scale_<N>_run,
//    CREATE DATABASE … TEMPLATE), so each starts from the same rows: the writers of the first do not grow the
//    second's data. Its nodes are the built server (`node apps/server/dist/main.js`), each with a DATA_DIR of its
//    own (its replica is built from PostgreSQL at start) and a port from --port on, all with the same database
//    and REDIS_URL; a round-robin proxy (apps/server/src/test/round-robin-proxy.ts) in this process stands for the
//    load balancer, and every request of the crowd goes through it, with one node too.
// 3. While the crowd runs: each node's RSS; each node's replica lag, from `GET /api/health/ready`'s Lag where the
//    server has it, and always as the time a written answer takes to show on each node's card widget (a probe
//    answer every 5 s on a day of 2001 nobody else writes, then that day's card asked of every node directly);
//    CPU time from /proc of the nodes, of this process (the clients and the proxy) and of PostgreSQL's backends of
//    the run database, against the machine's busy time.
// 4. After: every node settles, stops, and its replica file is compared with the database; pg-boss's tables show
//    whether a job ran twice (a singleton key with two jobs in one slot, or a job retried).
// Prints a table with the ratios and writes bench/results/scale-<date>[-label].json. It never fails a build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RestDataRecordInput } from '@loupe/contracts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { startRoundRobinProxy } from '../apps/server/src/test/round-robin-proxy.js';
import {
  DATASET_OPTIONS,
  copyDatabase,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
} from './bench-database.js';
import { callApi, type Api } from './bench-report.js';
import { machineBusyPercent, watchCpu, type CpuFigures } from './cpu-watch.js';
import { makeBodies, type Catalogue } from './ingest-harness.js';
import * as crowds from './load-harness.js';
import { startServer, type ServerProcess } from './server-process.js';
import { ms, percentile, resultsFile, table, writeJson } from './stats.js';

const { values: args } = parseArgs({
  options: {
    ...crowds.CROWD_OPTIONS,
    nodes: { type: 'string', default: '1,2' },
    port: { type: 'string', default: '3900' },
    server: DATASET_OPTIONS.server,
    'data-dir': { type: 'string', default: '/var/tmp/loupe-scale' },
    // Harmless where the server does not read it; with RATE_LIMITS off nothing is counted there.
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/9' },
    label: { type: 'string', default: '' },
    'drop-dataset': { type: 'boolean', default: false },
    /** Seconds to wait at most for a quiet machine before each configuration's load. */
    'quiet-wait': { type: 'string', default: '300' },
  },
});
const NODE_COUNTS = args.nodes.split(',').map(Number);
const CROWD = crowds.crowdOf(args);
const FIRST_PORT = Number(args.port);
const DATASET = `loupe_scale_${CROWD.sessions}`;
const RUN_DATABASE = `${DATASET}_run`;
/** The 2-node figures the issue asks for, against one node's. */
const TARGET = { throughputRatio: 1.6 };
const PROBE_PERIOD_MS = 5000;
const QUIET_BUSY_PERCENT = 25;
const QUIET_WAIT_MS = Number(args['quiet-wait']) * 1000;
const PROBE_TIMEOUT_MS = 30_000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = new Intl.NumberFormat('en-US');
const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

// ---------------------------------------------------------------------------------------------------------
// A quiet machine.

/**
 * Waits, at most `QUIET_WAIT_MS`, for 5 s in which the machine is under `QUIET_BUSY_PERCENT` busy with the nodes
 * idle: the machine is shared, and another engineer's test suite on the two cores would be measured as ours.
 * Answers the last 5 s's busy share.
 */
async function waitQuiet(): Promise<number> {
  const started = performance.now();
  for (;;) {
    const busy = await machineBusyPercent(5000);
    if (busy < QUIET_BUSY_PERCENT || performance.now() - started > QUIET_WAIT_MS) return busy;
    log(`  the machine is ${busy} % busy before the run; waiting for it to quieten`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Replica lag: the readiness endpoint's Lag where the server has it, and a probe answer's time to show.

/** `/api/health/ready`'s Lag (changes not yet applied); 'absent' on a server without the endpoint (404). */
async function readyLag(baseUrl: string): Promise<number | null | 'absent'> {
  try {
    const response = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
    if (response.status === 404) return 'absent';
    const body = (await response.json()) as { Lag?: unknown };
    return typeof body.Lag === 'number' ? body.Lag : null;
  } catch {
    return null;
  }
}

/**
 * Waits until every node is ready: `/api/health/ready` answers 200 (its replica has caught up), or, on a server
 * without it, `/api/health` answers (startServer waited for that, and such a server builds its replica first).
 */
async function waitReady(servers: ServerProcess[]): Promise<void> {
  const started = performance.now();
  for (const server of servers) {
    for (;;) {
      const response = await fetch(`${server.baseUrl}/api/health/ready`).catch(() => undefined);
      if (response?.status === 200 || response?.status === 404) break;
      if (performance.now() - started > 600_000)
        throw new Error(`${server.baseUrl} is not ready after 10 min`);
      await sleep(500);
    }
  }
}

type LagSampler = { stop(): Promise<LagFigures[]> };

type LagFigures = {
  /** Readiness Lag samples each second (changes not yet applied): null where the server has no endpoint. */
  readyLag: { samples: number; p50: number; p95: number; max: number } | null;
  /** Probe answers: ms from the POST's answer until this node's card counted it. */
  visible: { probes: number; p50: number; p95: number; max: number; missed: number };
};

const PROBE_EPOCH = Date.UTC(2001, 0, 1);

/** The card widget's body for one probe's day (nobody else writes in 2001). */
function probeCardBody(day: string, surveyId: number) {
  return { TimeRange: [day, day], SurveyId: [surveyId], DataFilters: {} };
}

/** One REST data record on `day`, written through the proxy as the writers' are. */
function probeBody(catalogue: Catalogue, day: string, seed: number) {
  const body = JSON.parse(makeBodies(catalogue, 1, 1, seed)[0]!) as { Records: RestDataRecordInput[] };
  body.Records[0]!.TransactionDate = `${day}T12:00:00+00:00`;
  body.Records[0]!.AnsweredDate = `${day}T12:30:00+00:00`;
  return body;
}

/** Polls each node's card for the probe's day until it counts one answer; ms per node (Infinity: not seen). */
async function probeVisible(admin: Api, servers: ServerProcess[], day: string, surveyId: number) {
  const written = performance.now();
  return Promise.all(
    servers.map(async (server) => {
      const api = { baseUrl: server.baseUrl, token: admin.token };
      while (performance.now() - written < PROBE_TIMEOUT_MS) {
        const card = await callApi<{ Responses: number }>(
          api,
          'POST',
          '/api/widget-data/card',
          probeCardBody(day, surveyId),
        ).catch(() => undefined);
        if ((card?.Responses ?? 0) >= 1) return performance.now() - written;
        await sleep(100);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
}

function summary(samples: number[]) {
  return {
    p50: ms(percentile(samples, 50)),
    p95: ms(percentile(samples, 95)),
    max: ms(samples.length ? Math.max(...samples) : Number.NaN),
  };
}

function startLagSampler(options: {
  proxy: Api;
  servers: ServerProcess[];
  catalogue: Catalogue;
  surveyId: number;
  firstProbe: number;
}): LagSampler & { probe(): Promise<number[]> } {
  const { proxy, servers, catalogue, surveyId } = options;
  const lags: number[][] = servers.map(() => []);
  const visible: number[][] = servers.map(() => []);
  let absent = false;
  let running = true;
  let probes = options.firstProbe;

  const probe = async () => {
    const day = new Date(PROBE_EPOCH + probes * 2 * 86_400_000).toISOString().slice(0, 10);
    probes += 1;
    await callApi(proxy, 'POST', '/api/rest-data/responses', probeBody(catalogue, day, probes));
    const times = await probeVisible(proxy, servers, day, surveyId);
    times.forEach((value, i) => visible[i]!.push(value));
    return times;
  };

  const readiness = (async () => {
    while (running && !absent) {
      const answers = await Promise.all(servers.map((server) => readyLag(server.baseUrl)));
      answers.forEach((lag, i) => {
        if (lag === 'absent') absent = true;
        else if (lag !== null) lags[i]!.push(lag);
      });
      await sleep(1000);
    }
  })();
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      await probe().catch((error: unknown) => log(`  probe failed: ${String(error)}`));
      await sleep(Math.max(0, PROBE_PERIOD_MS - (performance.now() - started)));
    }
  })();

  return {
    probe,
    async stop() {
      running = false;
      await Promise.all([readiness, probing]);
      return servers.map((_, i) => {
        const seen = visible[i]!.filter((value) => Number.isFinite(value));
        return {
          readyLag: absent ? null : { samples: lags[i]!.length, ...summary(lags[i]!) },
          visible: { probes: visible[i]!.length, ...summary(seen), missed: visible[i]!.length - seen.length },
        };
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Jobs: did any run twice?

type JobFigures = {
  /** How this was checked, for the reader of the results file. */
  method: string;
  queues: { name: string; jobs: number; completed: number; singletonSlots: number }[];
  /** Singleton (queue, key, slot) with more than one job: the same periodic work queued, and run, twice. */
  duplicateSlots: { name: string; key: string | null; slot: string; jobs: number }[];
  /** Jobs that ran more than once (pg-boss's retries: a failure or a node that died mid-job). */
  retried: number;
};

async function checkJobs(database: DatabaseHandle): Promise<JobFigures> {
  const [archive] = await database.raw<{ exists: boolean }>(
    "SELECT to_regclass('pgboss.archive') IS NOT NULL AS exists",
  );
  const source = archive?.exists
    ? `(SELECT name, singleton_key, singleton_on, state, retry_count FROM pgboss.job
        UNION ALL SELECT name, singleton_key, singleton_on, state, retry_count FROM pgboss.archive)`
    : 'pgboss.job';
  const queues = await database.raw<{ name: string; jobs: string; completed: string; slots: string }>(
    `SELECT name, count(*) AS jobs, count(*) FILTER (WHERE state = 'completed') AS completed,
       count(DISTINCT (singleton_key, singleton_on)) FILTER (WHERE singleton_on IS NOT NULL) AS slots
     FROM ${source} j GROUP BY name ORDER BY name`,
  );
  const duplicates = await database.raw<{ name: string; key: string | null; slot: string; jobs: string }>(
    `SELECT name, singleton_key AS key, singleton_on::text AS slot, count(*) AS jobs FROM ${source} j
     WHERE singleton_on IS NOT NULL GROUP BY name, singleton_key, singleton_on HAVING count(*) > 1`,
  );
  const [retried] = await database.raw<{ n: string }>(
    `SELECT count(*) AS n FROM ${source} j WHERE retry_count > 0`,
  );
  return {
    method:
      'pgboss.job ∪ pgboss.archive of the run database after the nodes stopped: jobs per (queue, singleton key, ' +
      'singleton slot) — more than one is a duplicate — and jobs with retry_count > 0',
    queues: queues.map((q) => ({
      name: q.name,
      jobs: Number(q.jobs),
      completed: Number(q.completed),
      singletonSlots: Number(q.slots),
    })),
    duplicateSlots: duplicates.map((d) => ({ ...d, jobs: Number(d.jobs) })),
    retried: Number(retried?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------------------
// One configuration.

type NodeFigures = {
  port: number;
  /** Seconds from spawn until it answered (its replica built from PostgreSQL at start). */
  startSeconds: number;
  /** Requests the proxy handed it. */
  answered: number;
  rssMb: { end: number; peak: number; hwm: number };
  lag: LagFigures;
  /** ms for the probe written after the crowd stopped to show here: how far behind the load left it. */
  visibleAfterLoadMs: number;
  replicaMatches: boolean;
  replica: string;
};

type ConfigurationFigures = {
  nodes: number;
  /** The machine's busy share in the 5 s before the load, the nodes idle (other work on the shared machine). */
  machineBusyBeforePercent: number;
  sessionsAtStart: number;
  signIns: crowds.CrowdSetUp['signIns'];
  readers: crowds.MixedFigures['readers'];
  writers: crowds.MixedFigures['writers'];
  /** Requests answered per second: the readers' plus the writers' batches. */
  requestsPerSecond: number;
  perNode: NodeFigures[];
  cpu: CpuFigures;
  jobs: JobFigures;
};

async function runConfiguration(count: number, dataset: crowds.LoadDataset) {
  await copyDatabase(args.server, DATASET, RUN_DATABASE);
  const url = databaseUrl(args.server, RUN_DATABASE);
  const database = await openDatabase({ databaseUrl: url, dataDir: undefined });
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let proxyClose: (() => Promise<void>) | undefined;
  try {
    const startSeconds: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const dataDir = path.join(args['data-dir'], `${count}-nodes-${i + 1}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      dataDirs.push(dataDir);
      const started = performance.now();
      servers.push(
        await startServer({
          databaseUrl: url,
          dataDir,
          port: FIRST_PORT + i,
          env: { REDIS_URL: args['redis-url'] },
        }),
      );
      startSeconds.push(ms((performance.now() - started) / 1000));
    }
    await waitReady(servers);
    const proxy = await startRoundRobinProxy(servers.map((server) => server.baseUrl));
    proxyClose = () => proxy.close();
    log(`  ${count} node(s) up (start ${startSeconds.join(', ')} s), proxy ${proxy.url}`);

    // One warm-up opening per node, as a first visitor of each would make.
    const setUp = await crowds.setUpCrowd({ baseUrl: proxy.url, dataset, crowd: CROWD, warmUps: count });
    const { admin, surveyId, signIns } = setUp;
    log(`  ${CROWD.signIns} sign-ins: ${signIns.seconds} s (p50 ${signIns.p50} ms, p95 ${signIns.p95} ms)`);
    const busyBefore = await waitQuiet();
    const answeredBefore = proxy.answered();

    const sampler = startLagSampler({
      proxy: admin,
      servers,
      catalogue: dataset.catalogue,
      surveyId,
      firstProbe: 0,
    });
    const cpuWatch = watchCpu(
      servers.map((server) => server.pid),
      database,
    );
    const { readers, writers } = await crowds.runMixed({
      baseUrl: proxy.url,
      setUp,
      crowd: CROWD,
      catalogue: dataset.catalogue,
    });
    const cpu = await cpuWatch.stop();
    const lags = await sampler.stop();
    const memory = servers.map((server) => server.memory());
    const answered = proxy.answered().map((n, i) => n - answeredBefore[i]!);
    log(`  readers: ${JSON.stringify(readers)}`);
    log(`  writers: ${JSON.stringify(writers)}`);
    // How far behind the load left each node: one more probe, after the writers stopped.
    const afterLoad = await sampler.probe();
    log(`  cpu: ${JSON.stringify(cpu)}`);

    await Promise.all(
      servers.map((server) => crowds.settle({ baseUrl: server.baseUrl, token: admin.token }, surveyId)),
    );
    await proxy.close();
    proxyClose = undefined;
    for (const server of servers.splice(0)) await server.stop();
    const replicas: { ok: boolean; text: string }[] = [];
    for (const dataDir of dataDirs) replicas.push(await crowds.compareReplica(database, dataDir));
    const jobs = await checkJobs(database);
    const perNode: NodeFigures[] = dataDirs.map((_, i) => ({
      port: FIRST_PORT + i,
      startSeconds: startSeconds[i]!,
      answered: answered[i]!,
      rssMb: { end: memory[i]!.rssMb, peak: memory[i]!.peakRssMb, hwm: memory[i]!.hwmMb },
      lag: lags[i]!,
      visibleAfterLoadMs: ms(afterLoad[i]!),
      replicaMatches: replicas[i]!.ok,
      replica: replicas[i]!.text,
    }));
    for (const node of perNode) log(`  node ${node.port}: ${JSON.stringify(node)}`);
    log(`  jobs: ${JSON.stringify(jobs)}`);
    const figures: ConfigurationFigures = {
      nodes: count,
      machineBusyBeforePercent: busyBefore,
      sessionsAtStart: dataset.answeredSessions,
      signIns,
      readers,
      writers,
      requestsPerSecond: ms(
        readers.perSecond + (writers.sessions / CROWD.batchSize + writers.errors) / writers.seconds,
      ),
      perNode,
      cpu,
      jobs,
    };
    return figures;
  } finally {
    await proxyClose?.();
    for (const server of servers) await server.stop();
    await database.close();
    await dropDatabase(args.server, RUN_DATABASE);
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------

/**
 * One configuration of more nodes against the single-node run before it (--nodes 1,2,1,2 gives two pairs, each
 * measured minutes apart on the shared machine): the issue's target, or what bounds it.
 */
function verdict(single: ConfigurationFigures, several: ConfigurationFigures) {
  const ingestRatio = Math.round((several.writers.perSecond / single.writers.perSecond) * 100) / 100;
  const requestsRatio = Math.round((several.requestsPerSecond / single.requestsPerSecond) * 100) / 100;
  const met = ingestRatio >= TARGET.throughputRatio && several.readers.p95 <= single.readers.p95;
  const cpu = (f: ConfigurationFigures) =>
    `${f.nodes} node(s): the machine ${f.cpu.machineBusyPercent} % busy over ${f.cpu.seconds} s — nodes ` +
    `${f.cpu.nodes.join(' + ')} CPU-s, PostgreSQL ${f.cpu.postgres}, clients and proxy ${f.cpu.benchmark}, ` +
    `other work ${f.cpu.other}`;
  return {
    nodes: [single.nodes, several.nodes],
    ingestRatio,
    requestsRatio,
    p95: [single.readers.p95, several.readers.p95],
    met,
    bound: met ? null : `${os.cpus().length} cores; ${cpu(single)}; ${cpu(several)}`,
  };
}

/** Each configuration of more than one node with the latest single-node one before it. */
function comparisons(all: ConfigurationFigures[]) {
  const pairs: ReturnType<typeof verdict>[] = [];
  let single: ConfigurationFigures | undefined;
  for (const figures of all) {
    if (figures.nodes === 1) single = figures;
    else if (single) pairs.push(verdict(single, figures));
  }
  return pairs;
}

async function main(): Promise<void> {
  log(
    `Scale: ${NODE_COUNTS.join(' then ')} node(s); ${CROWD.viewers} viewers every ${CROWD.periodMs / 1000} s for ${CROWD.seconds} s ` +
      `on ${fmt.format(CROWD.sessions)} sessions; ${CROWD.writers} writers × ${CROWD.batchSize} records; ${os.cpus().length} cores`,
  );
  await ensureDatabase(args.server, DATASET);
  const datasetDatabase = await openDatabase({
    databaseUrl: databaseUrl(args.server, DATASET),
    dataDir: undefined,
  });
  const dataset = await crowds
    .prepareLoadDataset(datasetDatabase, {
      name: DATASET,
      sessions: CROWD.sessions,
      viewers: CROWD.viewers,
      log,
    })
    .finally(() => datasetDatabase.close());
  // The copies need the template without sessions; a pool's end() resolves before its sockets close.
  await sleep(500);

  const all: ConfigurationFigures[] = [];
  for (const count of NODE_COUNTS) {
    log(`${count} node(s):`);
    all.push(await runConfiguration(count, dataset));
  }
  if (args['drop-dataset']) await dropDatabase(args.server, DATASET);

  const rows = all.map((f) => [
    `${f.nodes} node(s)`,
    f.requestsPerSecond,
    f.readers.p50,
    f.readers.p95,
    f.readers.p99,
    f.readers.errors,
    fmt.format(f.writers.perSecond),
    f.writers.batchP95,
    f.perNode.map((n) => n.lag.visible.p95).join(' / '),
    f.perNode.map((n) => n.lag.readyLag?.max ?? '-').join(' / '),
    f.perNode.map((n) => n.rssMb.peak).join(' / '),
    `${f.cpu.machineBusyPercent} %`,
    f.cpu.other,
    f.jobs.duplicateSlots.length,
  ]);
  log('');
  log(
    table(
      [
        'configuration',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'errors',
        'ingest/s',
        'batch p95 ms',
        'visible p95 ms',
        'lag max',
        'peak RSS MB',
        'CPU busy',
        'other CPU-s',
        'dup jobs',
      ],
      rows,
    ),
  );
  const compared = comparisons(all);
  for (const pair of compared) {
    log(
      `Ratio ${pair.nodes[1]}:${pair.nodes[0]}: ingest ${pair.ingestRatio}×, requests ${pair.requestsRatio}×, ` +
        `p95 ${pair.p95[0]} → ${pair.p95[1]} ms; target ${pair.met ? 'met' : `missed — ${pair.bound}`}`,
    );
  }
  const file = resultsFile('scale', args.label);
  await writeJson(file, {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    label: args.label,
    settings: { ...CROWD, redisUrl: args['redis-url'], nodes: NODE_COUNTS },
    configurations: all,
    target: `more nodes ≥ ${TARGET.throughputRatio}× one node's throughput at equal or better p95`,
    comparisons: compared,
  });
  log(`Wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  log(`The scale benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
});
